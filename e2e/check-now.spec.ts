import { type APIRequest, expect, type Page, test } from "@playwright/test";
import { ADMIN_STATE } from "./constants";
import { isMobileProject, loggedOut, loginViaApi, screenshot, setTheme } from "./helpers";

/** a public literal address: passes the SSRF guard without DNS; the engine is off in e2e */
const WEBHOOK = "https://162.159.135.232/api/webhooks/1/e2e";

test.use(loggedOut);

/** the stand-in retailer global-setup started (the app's MONITOR_REDIRECT points at it) */
async function retailer(path: string, body: object) {
  const res = await fetch(`${process.env.E2E_RETAILER_URL}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.ok).toBeTruthy();
}

async function loginAsFreshUser(page: Page, playwright: { request: APIRequest }) {
  const username = `teste-${test.info().project.name}-${Date.now().toString(36)}`;
  const admin = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: ADMIN_STATE,
  });
  const created = await admin.post("/api/admin/users", {
    data: { username, password: "password-e2e", monitorLimit: 5 },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  await admin.dispose();
  await loginViaApi(page, username, "password-e2e");
}

async function addProduct(page: Page, platform: string, url: string, name: string) {
  const res = await page.request.post("/api/products", {
    data: { name, productId: "", url, webhookUrl: WEBHOOK, checkInterval: 60000, platform, variants: [] },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test("Testar agora: o painel mostra a rota, os pedidos, os tamanhos, o preço e o veredicto", async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  const project = test.info().project.name;
  const handle = `tee-${project}`;
  await retailer("/__control", {
    product: handle,
    name: "NUDE TEE",
    sizes: ["S", "L"],
    allSizes: ["S", "M", "L"],
    price: "39.00",
  });
  await retailer("/__control", { product: `walled-${project}`, sizes: ["M"], block: "challenge" });
  await retailer("/__control/vinted", {
    member: project === "mobile" ? "9001" : "9002",
    items: [
      { id: "11", title: "Casaco de ganga", price: "12.50" },
      { id: "12", title: "Saia plissada", price: "8.00", currency: "PLN" },
    ],
  });
  await loginAsFreshUser(page, playwright);
  await addProduct(page, "nudeproject", `https://nudeproject.com/products/${handle}`, "Tee da Nude");
  await addProduct(
    page,
    "nudeproject",
    `https://walled-${project}.nudeproject.com/products/walled-${project}`,
    "Página com muro",
  );
  await addProduct(
    page,
    "vinted",
    `https://www.vinted.pt/member/${project === "mobile" ? "9001" : "9002"}-ana`,
    "Ana (Vinted)",
  );
  await page.goto("/monitor");

  // from the card
  const card = page.getByTestId("product-card").filter({ hasText: "Tee da Nude" });
  await card.getByRole("button", { name: "Testar agora" }).click();
  const dialog = page.getByTestId("check-dialog");
  const detail = dialog.getByTestId("check-detail");
  await expect(detail).toBeVisible();
  await expect(detail.getByTestId("check-verdict")).toHaveText("Em Stock");
  await expect(detail.getByTestId("check-exchanges")).toContainText("HTTP 200");
  await expect(detail.getByTestId("check-exchanges")).toContainText(`nudeproject.com/products/${handle}`);
  await expect(detail).toContainText("NUDE TEE");
  await expect(detail).toContainText("39,00 €");
  const sizes = detail.getByTestId("check-sizes").getByRole("listitem");
  await expect(sizes).toHaveCount(3);
  await expect(sizes.nth(0)).toHaveText(/^S\s*Disponível$/);
  await expect(sizes.nth(1)).toHaveText(/^M\s*Esgotado$/);
  await expect(sizes.nth(2)).toHaveText(/^L\s*Disponível$/);
  await screenshot(page, "check-now-light");
  await setTheme(page, "dark");
  await page
    .getByTestId("product-card")
    .filter({ hasText: "Tee da Nude" })
    .getByRole("button", { name: "Testar agora" })
    .click();
  await expect(page.getByTestId("check-detail").getByTestId("check-verdict")).toHaveText("Em Stock");
  await screenshot(page, "check-now-dark");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("check-dialog")).toBeHidden();

  // a blocked page: the reason and the start of what it answered
  await page
    .getByTestId("product-card")
    .filter({ hasText: "Página com muro" })
    .getByRole("button", { name: "Testar agora" })
    .click();
  await expect(page.getByTestId("check-verdict")).toHaveText("Falha: bloqueado");
  await expect(page.getByTestId("check-detail")).toContainText("Início da resposta");
  await screenshot(page, "check-now-failure-dark");
  await setTheme(page, "light");

  // from the edit modal, on the Vinted profile: its items with links
  await page
    .getByTestId("product-card")
    .filter({ hasText: "Ana (Vinted)" })
    .getByRole("button", { name: "Editar" })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Testar agora" }).click();
  const items = page.getByTestId("check-items");
  await expect(items.getByRole("link", { name: "Casaco de ganga" })).toHaveAttribute(
    "href",
    "https://www.vinted.pt/items/11",
  );
  await expect(page.getByTestId("check-verdict")).toHaveText("Ativo");
  // each amount in the currency the seller priced it in: never a złoty amount with €
  await expect(items.getByRole("listitem").filter({ hasText: "Saia plissada" })).toContainText(/8,00\s*PLN/);
  await expect(items.getByRole("listitem").filter({ hasText: "Saia plissada" })).not.toContainText("€");
  await expect(items.getByRole("listitem").filter({ hasText: "Casaco de ganga" })).toContainText(/12,50\s*€/);
  await screenshot(page, "check-now-vinted-light");
  if (isMobileProject()) {
    // the panel fits the phone: nothing wider than the viewport
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  }
});
