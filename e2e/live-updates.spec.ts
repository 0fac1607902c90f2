import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
} from "@playwright/test";
import type { FakeRetailer } from "../tools/fake-retailer";
import { addNudeProducts, checkNow, type EngineApp, SHOP, startEngineApp } from "./engine-app";
import { newAppContext, THEMES_OF_A_FLOW, type Theme, toast } from "./helpers";
import { apiSession, type QualityApp, type StorageState } from "./quality-app";
import { overflowProblems, screenshotTo } from "./quality-checks";
import { WITH_NOTIFICATIONS } from "./constants";

/**
 * Live updates: with a screen open, a product the engine sees back in stock at the stand-in
 * retailer redraws its card and shows a toast within seconds (server-sent events), well before the
 * 30 s poll, and within moments of the Discord alert. A private app whose engine checks Nude Project
 * products when the spec asks (each restock is followed by a check now) and posts to a stand-in
 * Discord; the spec opens its own 1280, 800 and 390 px contexts (in the dark theme too when pictures
 * are taken), so it runs once (in the desktop project).
 */
test.describe.configure({ mode: "serial", timeout: 240_000 });

/** the poll the stream replaces is 30 s; the engine checks the moment a restock is made */
const LIVE_WITHIN_MS = 10_000;

const WIDTHS = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 800, height: 1000 },
  mobile: { width: 390, height: 844 },
} as const;
type Width = keyof typeof WIDTHS;

/** one product per restock: each comes back once */
const PRODUCTS = {
  casaco: "Casaco Nude",
  hoodie: "Hoodie Nude",
  bone: "Boné Nude",
  anel: "Anel Nude",
  tee: "T-shirt Nude",
  saia: "Saia Nude",
  mala: "Mala Nude",
  cinto: "Cinto Nude",
  meias: "Meias Nude",
  gorro: "Gorro Nude",
  luvas: "Luvas Nude",
} as const;
type Handle = keyof typeof PRODUCTS;

let engine: EngineApp;
let app: QualityApp;
let retailer: FakeRetailer;
let adminState: StorageState;
/** the admin's API session: asks the engine for the checks the restocks need */
let api: APIRequestContext;

interface Product {
  name: string;
  status: string;
  lastCheck: string | null;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  engine = await startEngineApp();
  ({ app, retailer } = engine);
  for (const [handle, name] of Object.entries(PRODUCTS)) {
    retailer.setProduct(handle, { name, status: "out_of_stock" });
  }
  api = await apiSession(app.url);
  await addNudeProducts(
    api,
    Object.entries(PRODUCTS).map(([handle, name]) => [name, `${SHOP}/products/${handle}`]),
    `${engine.hook}/vivo`,
  );
  // every product checked once and read as sold out, so a change from here is a restock
  await expect
    .poll(
      async () => {
        const list = (await (await api.get("/api/products")).json()) as Product[];
        return list.every((p) => p.lastCheck !== null && p.status === "out_of_stock");
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  adminState = await api.storageState();
});

test.afterAll(async () => {
  await api?.dispose();
  await engine?.stop();
});

async function open(
  browser: Browser,
  width: Width,
  theme: Theme,
  options: { notifications?: boolean } = {},
): Promise<BrowserContext> {
  return newAppContext(browser, {
    baseURL: app.url,
    storageState: adminState,
    viewport: WIDTHS[width],
    phone: width === "mobile",
    theme,
    ...(options.notifications ? { permissions: ["notifications"] } : {}),
  });
}

/** opens a screen and waits until its live stream is open (the stream answers 200 with its headers) */
async function openLive(page: Page, path: string) {
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events");
  await page.goto(path);
  expect((await stream).status()).toBe(200);
  await expect(page.locator("[data-slot=skeleton]")).toHaveCount(0);
}

/**
 * the toast is seen after a round trip of Playwright's: beside another worker on 2 cores that took
 * 5 s; the list's poll would take 30
 */
const ALERT_GAP_MS = 10_000;

/** the Discord alert of a product's restock, as the stand-in webhook received it */
const alertFor = (name: string) =>
  engine.webhook.received.find(
    (d) => d.path === "/vivo" && d.status < 300 && JSON.stringify(d.body).includes(name),
  );

const restockToast = (page: Page, name: string) => toast(page, `«${name}» voltou a estar em stock`);

const card = (page: Page, name: string) => page.getByTestId("product-card").filter({ hasText: name });

/**
 * the stand-in has the product back and the engine is asked to check it (no scheduled check comes
 * within the spec); returns when the product came back, so the time measured includes the check
 */
async function restock(handle: Handle): Promise<number> {
  retailer.setProduct(handle, { status: "in_stock", sizes: ["M", "L"] });
  const changedAt = Date.now();
  await checkNow(api, PRODUCTS[handle]);
  return changedAt;
}

const CASES: { width: Width; theme: Theme; handle: Handle }[] = [
  { width: "desktop", theme: "light", handle: "casaco" },
  { width: "desktop", theme: "dark", handle: "hoodie" },
  { width: "tablet", theme: "light", handle: "cinto" },
  { width: "tablet", theme: "dark", handle: "meias" },
  { width: "mobile", theme: "light", handle: "bone" },
  { width: "mobile", theme: "dark", handle: "anel" },
];

for (const { width, theme, handle } of CASES.filter((c) => THEMES_OF_A_FLOW.includes(c.theme))) {
  const name = PRODUCTS[handle];
  test(`Monitor aberto (${WIDTHS[width].width} px, ${theme}): o cartão muda e o aviso aparece em segundos`, async ({
    browser,
  }) => {
    const context = await open(browser, width, theme);
    const page = await context.newPage();
    await openLive(page, "/monitor");
    await expect(card(page, name).getByTestId("status-badge")).toHaveText("Fora de Stock");

    const changedAt = await restock(handle);
    await expect(restockToast(page, name)).toBeVisible({ timeout: LIVE_WITHIN_MS });
    await expect(card(page, name).getByTestId("status-badge")).toHaveText("Em Stock", {
      timeout: LIVE_WITHIN_MS,
    });
    const seenAt = Date.now();
    const seenAfterMs = seenAt - changedAt;
    expect(seenAfterMs, "muito antes da consulta de 30 s").toBeLessThan(LIVE_WITHIN_MS);
    test.info().annotations.push({ type: "visto após", description: `${seenAfterMs} ms` });
    // the screen and Discord learn of it together: the toast is up within moments of the alert
    await expect.poll(() => alertFor(name)?.at ?? null, { timeout: LIVE_WITHIN_MS }).not.toBeNull();
    const apart = seenAt - (alertFor(name)?.at ?? 0);
    test.info().annotations.push({ type: "aviso − Discord", description: `${apart} ms` });
    expect(Math.abs(apart), "o aviso no ecrã e o alerta no Discord").toBeLessThan(ALERT_GAP_MS);

    const restocked = restockToast(page, name);
    await expect(restocked).toContainText("Em Stock");
    await expect(restocked.getByRole("button", { name: "Ver no Monitor" })).toBeVisible();
    await screenshotTo(page, `aviso-restock-${WIDTHS[width].width}-${theme}`, { fullPage: false });
    await context.close();
  });
}

test("dois separadores partilham um só stream; fechado o que o tem, o outro abre o seu", async ({
  browser,
}) => {
  const context = await open(browser, "desktop", "light");
  const streams: string[] = [];
  context.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/events") streams.push(request.url());
  });
  const first = await context.newPage();
  await openLive(first, "/monitor");
  const second = await context.newPage();
  await second.goto("/history");
  await expect(second.getByRole("heading", { level: 1, name: "Histórico" })).toBeVisible();

  await restock("saia");
  await expect(restockToast(first, PRODUCTS.saia)).toBeVisible({ timeout: LIVE_WITHIN_MS });
  await expect(restockToast(second, PRODUCTS.saia)).toBeVisible({ timeout: LIVE_WITHIN_MS });
  // both tabs were live, and the second one heard it through the first one's stream
  expect(streams).toHaveLength(1);

  // the tab that held the stream goes; the other takes it over
  const takeOver = second.waitForResponse((r) => new URL(r.url()).pathname === "/api/events");
  await first.close();
  expect((await takeOver).status()).toBe(200);
  expect(streams).toHaveLength(2);
  await restock("mala");
  await expect(restockToast(second, PRODUCTS.mala)).toBeVisible({ timeout: LIVE_WITHIN_MS });
  await context.close();
});

test("Configurações → Utilizador a 390 px: os interruptores novos cabem", async ({ browser }) => {
  for (const theme of THEMES_OF_A_FLOW) {
    const context = await open(browser, "mobile", theme);
    const page = await context.newPage();
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Utilizador" }).click();
    const notify = page.getByRole("switch", {
      name: "Notificações no navegador quando um produto volta ao stock",
    });
    await notify.scrollIntoViewIfNeeded();
    await expect(notify).toBeVisible();
    await expect(page.getByRole("switch", { name: "Som nos alertas" })).toBeVisible();
    const where = `configuracoes-alertas-390-${theme}`;
    expect(await overflowProblems(page, where)).toEqual([]);
    await screenshotTo(page, where);
    await context.close();
  }
});

test("noutro ecrã, 'Ver no Monitor' leva ao produto; com as notificações e o som ligados nas Configurações, também os há", async ({
  playwright,
}) => {
  // notifications are shown only by the full chromium, not by the headless shell the suite runs in:
  // this test launches it for itself, the file's other tests keep the lighter shell
  const browser = await playwright.chromium.launch(WITH_NOTIFICATIONS.launchOptions);
  try {
    const context = await open(browser, "desktop", "light", { notifications: true });
    // what the page asks of the browser, recorded around the browser's own objects
    await context.addInitScript(() => {
      const seen = { notifications: [] as string[], tones: 0 };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      const Native = window.Notification;
      const Recorded = function (this: Notification, title: string, options?: NotificationOptions) {
        seen.notifications.push(title);
        return new Native(title, options);
      } as unknown as typeof Notification;
      Object.defineProperty(Recorded, "permission", { get: () => Native.permission });
      Recorded.requestPermission = Native.requestPermission.bind(Native);
      window.Notification = Recorded;
      const createOscillator = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function (this: AudioContext) {
        seen.tones += 1;
        return createOscillator.call(this);
      };
    });
    const page = await context.newPage();
    const seen = () =>
      page.evaluate(
        () => (window as unknown as { __seen: { notifications: string[]; tones: number } }).__seen,
      );

    await page.goto("/settings");
    await page.getByRole("tab", { name: "Utilizador" }).click();
    const notify = page.getByRole("switch", {
      name: "Notificações no navegador quando um produto volta ao stock",
    });
    const sound = page.getByRole("switch", { name: "Som nos alertas" });
    await expect(notify).not.toBeChecked();
    await expect(sound).not.toBeChecked();
    await notify.click();
    await expect(notify).toBeChecked();
    await sound.click();
    await expect(sound).toBeChecked();
    await page.getByRole("button", { name: "Guardar", exact: true }).click();
    await expect(toast(page, "Preferências guardadas")).toBeVisible();
    // turning the sound on played a sample of it
    expect((await seen()).tones).toBeGreaterThanOrEqual(2);
    const saved = await (await page.request.get("/api/settings")).json();
    expect(saved.user).toMatchObject({ browserNotifications: true, alertSound: true });

    // History open: the toast comes there too, the new line joins the list without a reload, and
    // the toast's button leads to the Monitor
    await openLive(page, "/history");
    const teeBack = page
      .getByTestId("activity-entry")
      .filter({ hasText: PRODUCTS.tee })
      .filter({ hasText: "Em Stock" });
    await expect(page.getByTestId("activity-entry").filter({ hasText: PRODUCTS.tee }).first()).toBeVisible();
    await expect(teeBack).toHaveCount(0);
    const tonesBefore = (await seen()).tones;
    await restock("tee");
    const restocked = restockToast(page, PRODUCTS.tee);
    await expect(restocked).toBeVisible({ timeout: LIVE_WITHIN_MS });
    await expect(teeBack).toHaveCount(1, { timeout: LIVE_WITHIN_MS });
    await expect
      .poll(async () => (await seen()).notifications)
      .toContain("«T-shirt Nude» voltou a estar em stock");
    expect((await seen()).tones).toBeGreaterThan(tonesBefore);
    await restocked.getByRole("button", { name: "Ver no Monitor" }).click();
    await expect(page).toHaveURL(/\/monitor$/);
    await expect(card(page, PRODUCTS.tee).getByTestId("status-badge")).toHaveText("Em Stock");

    // back to how they were for the other cases
    await page.request.put("/api/settings", {
      data: { user: { browserNotifications: false, alertSound: false } },
    });
    await context.close();
  } finally {
    await browser.close();
  }
});

test("Status aberto: a atividade recente ganha a linha do restock sem recarregar", async ({ browser }) => {
  const context = await open(browser, "desktop", "light");
  const page = await context.newPage();
  await openLive(page, "/status");
  const summary = page.getByRole("list", { name: "Resumo de atividade" });
  const back = summary.getByTestId("activity-line").filter({ hasText: PRODUCTS.gorro }).filter({
    hasText: "Em Stock",
  });
  await expect(summary.getByTestId("activity-line").first()).toBeVisible();
  await expect(back).toHaveCount(0);
  const changedAt = await restock("gorro");
  await expect(back).toHaveCount(1, { timeout: LIVE_WITHIN_MS });
  test.info().annotations.push({ type: "visto após", description: `${Date.now() - changedAt} ms` });
  await expect(restockToast(page, PRODUCTS.gorro)).toBeVisible();
  await context.close();
});

test("sem o stream (um proxy que o corta), a consulta de 30 s ainda traz o restock", async ({ browser }) => {
  const context = await open(browser, "desktop", "light");
  const page = await context.newPage();
  let refused = 0;
  await page.route("**/api/events", (route) => {
    refused++;
    return route.abort("connectionrefused");
  });
  await page.clock.install();
  await page.goto("/monitor");
  await expect(card(page, PRODUCTS.luvas).getByTestId("status-badge")).toHaveText("Fora de Stock");
  expect(refused).toBeGreaterThan(0);

  await restock("luvas");
  // the engine has it (and Discord too) while this page, without its stream, does not yet
  await expect.poll(() => alertFor(PRODUCTS.luvas)?.at ?? null, { timeout: LIVE_WITHIN_MS }).not.toBeNull();
  await expect(card(page, PRODUCTS.luvas).getByTestId("status-badge")).toHaveText("Fora de Stock");
  await page.clock.fastForward(31_000);
  await expect(card(page, PRODUCTS.luvas).getByTestId("status-badge")).toHaveText("Em Stock");
  await context.close();
});
