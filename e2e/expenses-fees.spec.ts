import { expect, type Page, test } from "@playwright/test";
import { isMobileProject, loginViaApi, screenshot, screenshotBothThemes, seeAndClose } from "./helpers";

// four screens in two themes, beside another worker on 2 cores
test.describe.configure({ timeout: 240_000 });

const euro = (text: string) => new RegExp(`^-?${text}\\s€$`);

async function loginAsFreshUser(page: Page) {
  const username = `taxas-${test.info().project.name}-${Date.now().toString(36)}`;
  const password = "password-e2e";
  page.on("pageerror", (e) => console.log("PAGEERROR", e.message));
  await page.context().clearCookies();
  await loginViaApi(page);
  const created = await page.request.post("/api/admin/users", {
    data: { username, password, fullName: "Revendedora Taxas", email: `${username}@example.pt` },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  await page.context().clearCookies();
  await loginViaApi(page, username, password);
}

/** pictures in both themes, only when taken (the theme change reloads: `reopen` brings the page back to what is shown) */
const bothThemes = (page: Page, name: string, reopen: () => Promise<void> = async () => {}) =>
  screenshotBothThemes(page, name, async () => {
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await reopen();
    await expect(page.locator("[data-slot=skeleton]")).toHaveCount(0);
  });

const inventoryCard = (page: Page) =>
  page.locator("[data-slot=card]").filter({ hasText: "Estado do Inventário" });
/** a figure of the Status inventory card, by its label */
const figure = (page: Page, label: string) =>
  inventoryCard(page)
    .locator("div")
    .filter({ has: page.getByText(label, { exact: true }) })
    .last();

test("editar a taxa da Vinted, vender na Vinted com a taxa preenchida e ver uma despesa baixar o lucro do Status", async ({
  page,
}) => {
  const mobile = isMobileProject();
  await loginAsFreshUser(page);
  const item = await page.request.post("/api/inventory", { data: { name: "Casaco de ganga", price: "10" } });
  expect(item.ok(), await item.text()).toBeTruthy();

  // Configurações → Utilizador → Taxas por plataforma: Vinted at 5 % + 0,70 €, from today
  const openFees = async () => {
    await page.getByRole("tab", { name: "Utilizador" }).click();
    await expect(page.getByText("Taxas por plataforma")).toBeVisible();
    await page.getByTestId("fee-row-Vinted").scrollIntoViewIfNeeded();
  };
  await page.goto("/settings");
  await openFees();
  const vinted = page.getByTestId("fee-row-Vinted");
  await expect(vinted.getByText("Predefinição (termos públicos, a confirmar)")).toBeVisible();
  await vinted.getByLabel("Percentagem (%)").fill("5");
  await vinted.getByLabel("Parte fixa (€)").fill("0,5+0,2");
  await vinted.getByRole("button", { name: "Guardar a taxa da Vinted" }).click();
  await seeAndClose(page, "Taxa da Vinted guardada (válida a partir de hoje)");
  await expect(vinted.getByText(/^Desde \d{2}\/\d{2}\/\d{4} · 2 versões$/)).toBeVisible();
  await expect(vinted.getByLabel("Parte fixa (€)")).toHaveValue("0,70");
  await bothThemes(page, "settings-fees", openFees);

  // Nova Venda: choosing Vinted fills the fee from the preset of the sale's day
  await page.goto("/sales");
  await page.getByRole("button", { name: "Nova Venda" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Item").click();
  await page.getByRole("option", { name: /Casaco de ganga/ }).click();
  await dialog.getByLabel("Preço de venda (€)").fill("30");
  await dialog.getByLabel("Plataforma").click();
  await page.getByRole("option", { name: "Vinted", exact: true }).click();
  await expect(dialog.getByLabel("Taxas (€)")).toHaveValue("2,20"); // 30 × 5 % + 0,70
  await expect(dialog.getByText("Pela taxa da Vinted; pode alterá-la")).toBeVisible();
  await expect(dialog.getByTestId("profit-preview")).toHaveText(euro("17,80"));
  // a new price refills the fee while it is still the preset's
  await dialog.getByLabel("Preço de venda (€)").fill("40");
  await expect(dialog.getByLabel("Taxas (€)")).toHaveValue("2,70");
  await dialog.getByLabel("Preço de venda (€)").fill("30");
  await expect(dialog.getByLabel("Taxas (€)")).toHaveValue("2,20");
  await screenshot(page, "sales-fee-from-preset");
  await dialog.getByRole("button", { name: "Registrar Venda" }).click();
  await seeAndClose(page, "Venda registrada com sucesso!");

  await page.goto("/status");
  await expect(inventoryCard(page)).toBeVisible();
  await expect(figure(page, "Lucro total (após despesas)").getByText(euro("17,80"))).toBeVisible();

  // Despesas: one of 3,50 € written as a sum
  await page.goto("/expenses");
  await expect(page.getByRole("heading", { level: 1, name: "Despesas" })).toBeVisible();
  await expect(page.getByText("Ainda não há despesas")).toBeVisible();
  await bothThemes(page, "expenses-empty");
  await page.getByRole("button", { name: "Nova Despesa" }).first().click();
  const add = page.getByRole("dialog");
  // an empty amount refused is the dialog's screen test's (expense-dialog.test.tsx)
  await add.getByLabel("Valor (€)").fill("2+1,5");
  await add.getByLabel("Descrição (opcional)").fill("Caixas de cartão");
  await expect(add.getByLabel("Valor (€)")).toHaveValue("3,50");
  await add.getByLabel("Item (opcional)").click();
  await page.getByRole("option", { name: "Casaco de ganga" }).click();
  await screenshot(page, "expenses-dialog");
  await add.getByRole("button", { name: "Guardar" }).click();
  await seeAndClose(page, "Despesa registada");
  const row = page
    .getByTestId(mobile ? "expense-card" : "expense-row")
    .filter({ hasText: "Caixas de cartão" });
  await expect(row.getByText(euro("3,50"))).toBeVisible();
  await expect(row.getByText("Embalagens")).toBeVisible();
  await bothThemes(page, "expenses");

  // Status: the profit drops by the expense, exactly
  await page.goto("/status");
  await expect(figure(page, "Lucro das vendas").getByText(euro("17,80"))).toBeVisible();
  await expect(figure(page, "Despesas").getByText(euro("3,50"))).toBeVisible();
  await expect(figure(page, "Lucro total (após despesas)").getByText(euro("14,30"))).toBeVisible();
  await bothThemes(page, "status-expenses", async () => {
    await inventoryCard(page).scrollIntoViewIfNeeded();
  });
});

test("o contador DAC7 em Vendas mostra a plataforma perto do limite", async ({ page }) => {
  await loginAsFreshUser(page);
  const item = await page.request.post("/api/inventory", { data: { name: "Casaco DAC7", price: "100" } });
  expect(item.ok(), await item.text()).toBeTruthy();
  const sale = await page.request.post("/api/sales", {
    data: { inventoryItemId: (await item.json()).id, salePrice: "1700", platform: "Vinted" },
  });
  expect(sale.ok(), await sale.text()).toBeTruthy();
  await page.goto("/sales");
  const card = page.getByTestId("dac7-card");
  await expect(card.getByText("Perto do limite")).toBeVisible();
  await expect(card.getByText(/1\/30 venda · 1\s700,00\s€ de 2\s000,00\s€/)).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await bothThemes(page, "dac7-card");
});
