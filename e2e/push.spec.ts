import { devices, expect, type Page, test } from "@playwright/test";
import { screenshot, screenshotBothThemes, setTheme } from "./helpers";
import { PHONE_ONLY, SAME_ON_A_PHONE, WITH_NOTIFICATIONS } from "./constants";

test.describe.configure({ timeout: 240_000 });
// notifications are shown only by the full chromium, not by the headless shell the suite runs in
test.use(WITH_NOTIFICATIONS);
// the service worker is what this file tests (playwright.config.ts blocks it elsewhere)
test.use({ serviceWorkers: "allow" });

async function serviceWorkerReady(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? "";
  });
}

test("installable app: a valid manifest with its icons, and the service worker registers", {
  tag: SAME_ON_A_PHONE,
}, async ({ page, request }) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({
    name: "Stock Monitor",
    start_url: "/",
    display: "standalone",
    lang: "pt-PT",
  });
  for (const size of ["192x192", "512x512"]) {
    const icon = manifest.icons.find((i: { sizes: string }) => i.sizes === size);
    const res = await request.get(icon.src);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("image/png");
  }
  // a maskable icon fills the launcher's shape on Android: full bleed, 512 px
  const maskable = manifest.icons.find((i: { purpose?: string }) => i.purpose === "maskable");
  expect(maskable).toMatchObject({ sizes: "512x512", type: "image/png" });
  const png = await (await request.get(maskable.src)).body();
  // the PNG header's width and height (IHDR), and colour type 6 (RGBA) or 2 (RGB)
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
  expect(await serviceWorkerReady(page)).toMatch(/\/sw\.js$/);
});

// it opens its own phone contexts (an Android and an iPhone), whatever the project: listed once
test("no telemóvel, a app sugere instalá-la: no Android com o botão do navegador, no iPhone com o caminho do Safari e o aviso do push", {
  tag: PHONE_ONLY,
}, async ({ browser, baseURL }) => {
  const storageState = test.info().project.use.storageState;
  const phone = {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    storageState,
    locale: "pt-PT",
  };

  // Android: the browser offers installing (beforeinstallprompt); the hint's button asks it
  const android = await browser.newContext({ ...phone, baseURL, userAgent: devices["Pixel 7"].userAgent });
  const page = await android.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const hint = page.getByRole("region", { name: "Instale o Stock Monitor no telemóvel" });
  await expect(hint).toHaveCount(0);
  await page.evaluate(() => {
    const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
      prompt: async () => document.body.setAttribute("data-install-asked", "yes"),
      userChoice: Promise.resolve({ outcome: "accepted" }),
    });
    window.dispatchEvent(offer);
  });
  await expect(hint).toContainText("Abre a partir do ecrã principal");
  await screenshot(page, "install-hint-android");
  await hint.getByRole("button", { name: "Instalar" }).click();
  await expect(page.locator("body")).toHaveAttribute("data-install-asked", "yes");
  await expect(hint).toHaveCount(0);
  await android.close();

  // iPhone: no prompt exists; the hint names Safari's menu, and Settings says push needs the installed app
  const iphone = await browser.newContext({ ...phone, baseURL, userAgent: devices["iPhone 13"].userAgent });
  const ios = await iphone.newPage();
  await ios.goto("/");
  const iosHint = ios.getByRole("region", { name: "Instale o Stock Monitor no telemóvel" });
  await expect(iosHint).toContainText("«Adicionar ao ecrã principal»");
  await expect(iosHint.getByRole("button", { name: "Instalar" })).toHaveCount(0);
  await setTheme(ios, "dark");
  await expect(iosHint).toBeVisible();
  await screenshot(ios, "install-hint-iphone-dark");
  await setTheme(ios, "light");
  await iosHint.getByRole("button", { name: "Agora não" }).click();
  await expect(iosHint).toHaveCount(0);
  // dismissed for good on this device
  await ios.reload();
  await expect(ios.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(iosHint).toHaveCount(0);
  await ios.goto("/settings");
  await ios.getByRole("tab", { name: "Utilizador" }).click();
  await expect(ios.getByRole("switch", { name: "Notificações push" })).toHaveAccessibleDescription(
    /só funcionam na app instalada/,
  );
  await iphone.close();
});

test("a push message shows a notification that names the product", { tag: SAME_ON_A_PHONE }, async ({
  page,
  context,
  browserName,
}) => {
  test.skip(browserName !== "chromium", "CDP only");
  await context.grantPermissions(["notifications"]);
  await page.goto("/");
  await serviceWorkerReady(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send("ServiceWorker.enable");
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => {
      const r = e.registrations.find((x) => x.scopeURL.startsWith(new URL(page.url()).origin));
      if (r) resolve(r.registrationId);
    });
  });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [
        n.title,
        n.body,
        n.data?.url,
      ]),
    );
  // on a loaded machine the worker may not take the first message (it is still starting): the
  // message is delivered again until it shows; the same tag keeps it one notification
  await expect(async () => {
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: new URL(page.url()).origin,
      registrationId,
      data: JSON.stringify({
        title: "Em stock: Hoodie",
        body: "Hoodie: em stock (M)",
        url: "https://nudeproject.com/products/hoodie",
        tag: "produto-1",
      }),
    });
    await expect
      .poll(shown, { timeout: 5_000 })
      .toEqual([["Em stock: Hoodie", "Hoodie: em stock (M)", "https://nudeproject.com/products/hoodie"]]);
  }).toPass({ timeout: 60_000 });
});

test("Settings → Utilizador: the alert channel switches, both themes", { tag: SAME_ON_A_PHONE }, async ({
  page,
}) => {
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Utilizador" }).click();
  await expect(page.getByText("Notificações push")).toBeVisible();
  await expect(page.getByText("Notificações por email")).toBeVisible();
  await expect(page.getByText("Relatório semanal")).toBeVisible();
  await screenshotBothThemes(page, "settings-channels", () =>
    page.getByRole("tab", { name: "Utilizador" }).click(),
  );
});
