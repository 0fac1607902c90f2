import { expect, type Page, test } from "@playwright/test";
import { isMobileProject, screenshot, setTheme, signInAsNewUser } from "./helpers";

test.describe.configure({ timeout: 180_000 });
// the service worker is what this file tests (playwright.config.ts blocks it elsewhere)
test.use({ serviceWorkers: "allow" });

const OFFLINE_NOTICE =
  "Sem ligação: está a ver os últimos dados carregados neste aparelho. As alterações só são possíveis quando a ligação voltar.";
const COPY_KEY = "stock-monitor-offline-copy";

const keptCopy = (page: Page) => page.evaluate((key) => localStorage.getItem(key) ?? "", COPY_KEY);

test("sem rede, a aplicação abre com os últimos dados deste aparelho e di-lo; ao sair, não guarda nada", async ({
  page,
  context,
}) => {
  await signInAsNewUser(page, "off");
  const item = await page.request.post("/api/inventory", { data: { name: "Casaco sem rede", price: "25" } });
  expect(item.ok(), await item.text()).toBeTruthy();

  await page.goto("/inventory");
  await expect(page.getByText("Casaco sem rede").first()).toBeVisible();
  // the service worker in charge, and the app's files and last readings kept
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await expect(page.getByText("Casaco sem rede").first()).toBeVisible();
  await expect.poll(() => keptCopy(page), { timeout: 20_000 }).toContain("Casaco sem rede");
  await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Inventário" })).toBeVisible();
  await expect(page.getByText("Casaco sem rede").first()).toBeVisible();
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
  await screenshot(page, "offline-inventory");
  // a reload without network keeps the theme too (the shell's theme script is kept with it)
  await setTheme(page, "dark");
  await expect(page.getByText("Casaco sem rede").first()).toBeVisible();
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
  await screenshot(page, "offline-inventory-dark");
  await setTheme(page, "light");

  // the network back: the notice goes without a reload
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);

  // signing out forgets the copy: nothing of the session stays in this browser
  if (isMobileProject()) {
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await page.getByRole("dialog").getByRole("button", { name: /Sair/ }).click();
  } else {
    await page.getByRole("button", { name: /^Menu de / }).click();
    await page.getByRole("menuitem", { name: /Sair/ }).click();
  }
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  expect(await keptCopy(page)).toBe("");
});
