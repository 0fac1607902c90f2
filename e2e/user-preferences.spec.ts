import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { isMobileProject, loginViaApi, screenshot, toast } from "./helpers";

test.describe.configure({ timeout: 240_000 });

/** 23 Nov 2026 03:30 UTC: the 23rd at 03:30 in Lisbon, the 22nd at 22:30 in New York */
const NEAR_MIDNIGHT = "2026-11-23T03:30:00.000Z";
// Intl separates with no-break spaces
const amount = (text: string) => new RegExp(text.replace(/ /g, "\\s").replace("$", "\\$"));

async function loginAsFreshUser(page: Page) {
  const username = `moeda-${test.info().project.name}-${Date.now().toString(36)}`;
  const password = "password-e2e";
  await page.context().clearCookies();
  await loginViaApi(page);
  const created = await page.request.post("/api/admin/users", { data: { username, password } });
  expect(created.ok(), await created.text()).toBeTruthy();
  await page.context().clearCookies();
  await loginViaApi(page, username, password);
}

/** moves inside the app (sidebar, or the drawer on phones), never reloading it */
async function goTo(page: Page, label: string) {
  if (isMobileProject()) {
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await page
      .getByRole("dialog")
      .getByRole("link", { name: new RegExp(label) })
      .click();
  } else {
    await page
      .getByRole("complementary", { name: "Navegação principal" })
      .getByRole("link", { name: new RegExp(label) })
      .click();
  }
  await expect(page.getByRole("heading", { level: 1, name: label })).toBeVisible();
  await expect(page.locator("[data-slot=skeleton]")).toHaveCount(0);
}

async function savePreferences(page: Page, currency: string, timeZone: string) {
  await goTo(page, "Configurações");
  await page.getByRole("tab", { name: "Utilizador" }).click();
  // the currency converts nothing and old sales keep theirs: the row says so
  await expect(
    page.getByText(
      "As vendas já registadas guardam a moeda em que foram feitas; as novas ficam nesta. Nada é convertido.",
    ),
  ).toBeVisible();
  // …and a screen reader reads the note with the control
  await expect(page.getByRole("combobox", { name: "Moeda" })).toHaveAccessibleDescription(
    "As vendas já registadas guardam a moeda em que foram feitas; as novas ficam nesta. Nada é convertido.",
  );
  await page.getByRole("combobox", { name: "Moeda" }).click();
  await page.getByRole("option", { name: currency }).click();
  await page.getByRole("combobox", { name: "Fuso horário" }).click();
  await page.getByRole("option", { name: timeZone }).click();
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  // the newest toast: the previous save's, with the same words, may still be leaving
  await expect(toast(page, "Preferências guardadas").first()).toBeVisible();
}

test("quem guarda dólar e Nova Iorque vê US$ e as horas de Nova Iorque, a venda feita em euros fica em €; de volta ao euro, € e Lisboa, sem recarregar", async ({
  page,
}) => {
  await loginAsFreshUser(page);
  const coat = await (
    await page.request.post("/api/inventory", { data: { name: "Casaco de lã", price: "1234,5" } })
  ).json();
  await page.request.post("/api/inventory", { data: { name: "Boné azul", price: "20" } });
  const sold = await page.request.post("/api/sales", {
    data: {
      inventoryItemId: coat.id,
      salePrice: "1500",
      fees: "10",
      platform: "Vinted",
      saleDate: NEAR_MIDNIGHT,
    },
  });
  expect(sold.ok(), await sold.text()).toBeTruthy();

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Status" })).toBeVisible();
  // a reload would drop this mark: every change below must apply in the same page
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const main = page.getByRole("main");

  await savePreferences(page, "Dólar (US$)", "América/Nova Iorque");

  await goTo(page, "Inventário");
  await expect(main.getByText(amount("1 234,50 US$")).first()).toBeVisible();
  // the sale was recorded in euros: it keeps them
  await expect(main.getByText(amount("1 500,00 €")).first()).toBeVisible();
  await expect(main).not.toContainText(amount("1 500,00 US$"));
  await screenshot(page, "inventory-usd");

  await goTo(page, "Vendas");
  const sale = main.getByTestId(isMobileProject() ? "sale-card" : "sale-row").first();
  await expect(sale).toContainText("22/11/2026 22:30");
  await expect(sale).toContainText(amount("1 500,00 €"));
  await expect(sale).toContainText(amount("255,50 €"));
  await expect(main).not.toContainText(amount("1 500,00 US$"));
  // the totals are in US$ and leave the euro sale out, saying so
  await expect(main.getByText("1 venda noutra moeda não está nos totais")).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar CSV" }).click();
  const csv = fs.readFileSync(await (await download).path(), "utf8");
  expect(csv).toContain("Quantidade;Moeda;Preço de venda");
  expect(csv).toContain("22/11/2026 22:30;Casaco de lã;");
  expect(csv).toContain(";EUR;1500,00;");

  await goTo(page, "Status");
  await expect(main.getByText("1 venda noutra moeda não está nos totais")).toBeVisible();
  await expect(main).not.toContainText(amount("1 500,00 US$"));
  await screenshot(page, "status-usd");

  await savePreferences(page, "Euro (€)", "Europa/Lisboa");

  await goTo(page, "Vendas");
  await expect(sale).toContainText("23/11/2026 03:30");
  await expect(sale).toContainText(amount("1 500,00 €"));
  await expect(main).not.toContainText("US$");
  await goTo(page, "Inventário");
  await expect(main.getByText(amount("1 234,50 €")).first()).toBeVisible();
  await expect(main).not.toContainText("US$");

  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
});
