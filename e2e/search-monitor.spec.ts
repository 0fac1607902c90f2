import fs from "node:fs";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { FakeRetailer } from "../tools/fake-retailer";
import { FakeWebhook } from "../tools/fake-webhook";
import { TAKE_SCREENSHOTS } from "./constants";
import { newAppContext, type Theme } from "./helpers";
import { apiSession, createUser, type QualityApp, type StorageState, startQualityApp } from "./quality-app";

/**
 * Search monitors in the modal and on the card (issue 25): a pasted Vinted search and a Shopify
 * collection are recognised as "Pesquisa", their rules are typed in real fields and saved; with the
 * engine on against the stand-in, the card shows the search's newest matches. Runs once (desktop
 * project) and opens its own 1280 px light and 390 px dark contexts.
 */
test.describe.configure({ mode: "serial", timeout: 240_000 });

const SHOP = "https://nudeproject.com";
const VINTED = "https://www.vinted.pt";
const DISCORD = "https://discord.com";
const WEBHOOK = `${DISCORD}/api/webhooks/7/pesquisa`;
const SEARCH_URL = `${VINTED}/catalog?search_text=nike&order=newest_first`;

let app: QualityApp;
let retailer: FakeRetailer;
let webhook: FakeWebhook;
let rita: StorageState;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  retailer = new FakeRetailer();
  const origin = await retailer.listen();
  retailer.searches.addCatalogItems([
    {
      id: "5001",
      title: "Nike Air Force 1",
      price: "35.00",
      brand: "Nike",
      size: "42",
      condition: "Muito bom",
    },
    { id: "5002", title: "Nike Tech Fleece", price: "28.00", brand: "Nike", size: "M", condition: "Bom" },
    {
      id: "5003",
      title: "Nike Dunk Low",
      price: "39.00",
      brand: "Nike",
      size: "41",
      condition: "Novo com etiquetas",
    },
  ]);
  retailer.setProduct("cap-new", { name: "New Cap", sizes: ["M"], price: "25.00" });
  retailer.searches.setCollection("new-in", ["cap-new"]);
  webhook = new FakeWebhook();
  const hook = await webhook.listen();
  app = await startQualityApp({
    ENGINE: "on",
    ALLOW_PRIVATE_WEBHOOKS: "true",
    MONITOR_REDIRECT: `${SHOP}=${origin},${VINTED}=${origin},${DISCORD}=${hook}`,
  });
  const admin = await apiSession(app.url);
  const user = await createUser(admin, "rita.pesquisa", "Rita Pesquisa");
  await admin.dispose();
  const session = await apiSession(app.url, user.username, user.password);
  rita = await session.storageState();
  await session.dispose();
});

test.afterAll(async () => {
  await app?.stop();
  await retailer?.close();
  await webhook?.close();
});

const open = (browser: Browser, width: number, theme: Theme) =>
  newAppContext(browser, {
    baseURL: app.url,
    storageState: rita,
    viewport: { width, height: width < 500 ? 844 : 800 },
    phone: width < 500,
    theme,
  });

async function shoot(page: Page, name: string) {
  if (!TAKE_SCREENSHOTS) return;
  const dir = path.join("artifacts", "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(dir, `${name}.png`), animations: "disabled", fullPage: true });
}

interface Saved {
  id: number;
  name: string;
  monitorType: string;
  productId: string;
  rules: Record<string, unknown> | null;
  latestMatches: { id: string; price: string | null; totalPrice?: string }[];
}

test("a pasted Vinted search is a 'Pesquisa' with its rules, and its card shows the matches (1280 px, light)", async ({
  browser,
}) => {
  const context = await open(browser, 1280, "light");
  const page = await context.newPage();
  await page.goto("/monitor");
  await page.getByRole("button", { name: "Adicionar Produto", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("URL do produto").fill(SEARCH_URL);
  await expect(dialog.getByRole("radio", { name: /Vinted/ })).toHaveAttribute("aria-checked", "true");
  await expect(dialog.getByTestId("monitor-kind-search")).toHaveAttribute("aria-current", "true");
  await expect(dialog.getByTestId("search-rules")).toBeVisible();
  await dialog.getByLabel("Nome", { exact: true }).fill("Nike até 40 € com taxas");
  await dialog.getByLabel("Excluir (ex.: manchas)").fill("manchas, rasgado");
  await dialog.getByLabel("Preço máximo").fill("40");
  await dialog.getByLabel("O máximo é o total que pago (com taxas)").check();
  await dialog.getByLabel("URL do webhook").fill(WEBHOOK);
  await dialog.getByLabel("Intervalo (segundos)").fill("2");
  await dialog.getByTestId("search-rules").scrollIntoViewIfNeeded();
  await shoot(page, "search-modal-1280-light");
  await dialog.getByRole("button", { name: "Adicionar Monitor" }).click();
  await expect(dialog).toBeHidden();

  const saved = (await (await page.request.get("/api/products")).json()) as Saved[];
  const search = saved.find((p) => p.name === "Nike até 40 € com taxas");
  expect(search).toMatchObject({
    monitorType: "search",
    productId: "pesquisa",
    rules: { excludeWords: ["manchas", "rasgado"], maxPrice: "40.00", maxIsTotal: true },
  });
  // the first scan shows the page's matches on the card: 41,65 € with fees is over 40 €
  const card = page.getByTestId("product-card").filter({ hasText: "Nike até 40 € com taxas" });
  const matches = card.getByTestId("search-matches");
  await expect(matches.getByRole("listitem")).toHaveCount(2, { timeout: 20_000 });
  await expect(matches).toContainText("35,00");
  await expect(matches).not.toContainText("39,00");
  await shoot(page, "search-card-1280-light");

  // "Comprei" on a match: the new item comes filled from it, with the total the buyer paid
  const scanned = ((await (await page.request.get("/api/products")).json()) as Saved[]).find(
    (p) => p.name === "Nike até 40 € com taxas",
  );
  const bought = scanned?.latestMatches.find((m) => m.id === "5001");
  const paid = (bought?.totalPrice ?? bought?.price ?? "").replace(".", ",");
  await matches.getByRole("link", { name: "Comprei: Nike Air Force 1" }).click();
  await expect(page).toHaveURL(new RegExp(`/inventory\\?comprei=${scanned?.id}&resultado=5001$`));
  const item = page.getByRole("dialog", { name: "Novo Item" });
  await expect(item.getByLabel("Nome")).toHaveValue("Nike Air Force 1");
  await expect(item.getByLabel("Preço de compra (€)")).toHaveValue(paid);
  await expect(item.getByLabel("Tamanho (opcional)")).toHaveValue("42");
  await expect(item.getByLabel("Local de compra (opcional)")).toHaveValue("Vinted");
  await item.getByRole("button", { name: "Adicionar Item" }).click();
  await expect(page.getByText("Item adicionado ao inventário!")).toBeVisible();
  const items = await (await page.request.get("/api/inventory")).json();
  expect(items).toEqual([
    expect.objectContaining({ name: "Nike Air Force 1", sourceProductId: scanned?.id }),
  ]);
  await context.close();
});

test("a Shopify collection is a 'Pesquisa' with a sizes rule; a product URL stays 'Produto' (390 px, dark)", async ({
  browser,
}) => {
  const context = await open(browser, 390, "dark");
  const page = await context.newPage();
  await page.goto("/monitor");
  await page.getByRole("button", { name: "Adicionar Produto", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("URL do produto").fill(`${SHOP}/products/cap-new`);
  await expect(dialog.getByTestId("monitor-kind-stock")).toHaveAttribute("aria-current", "true");
  await expect(dialog.getByTestId("product-rules")).toBeVisible();
  await dialog.getByLabel("URL do produto").fill(`${SHOP}/collections/new-in`);
  await expect(dialog.getByTestId("monitor-kind-search")).toHaveAttribute("aria-current", "true");
  await dialog.getByLabel("Nome", { exact: true }).fill("Nude new in");
  await dialog.getByLabel("Tamanhos").fill("M, L");
  await dialog.getByLabel("URL do webhook").fill(WEBHOOK);
  await dialog.getByTestId("search-rules").scrollIntoViewIfNeeded();
  await shoot(page, "search-modal-390-dark");
  // nothing sideways on a phone
  expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await dialog.getByRole("button", { name: "Adicionar Monitor" }).click();
  await expect(dialog).toBeHidden();
  const saved = (await (await page.request.get("/api/products")).json()) as Saved[];
  expect(saved.find((p) => p.name === "Nude new in")).toMatchObject({
    monitorType: "search",
    rules: { sizes: ["M", "L"] },
  });
  await shoot(page, "search-card-390-dark");
  await context.close();
});
