import { SAME_ON_A_PHONE } from "./constants";
import { expect, type Page, test } from "@playwright/test";
import { isMobileProject, screenshot, setTheme, signInAsNewUser } from "./helpers";
import { axeProblems, controlProblems, overflowProblems, settle, textProblems } from "./quality-checks";

// two files through the wizard, in two themes, beside another worker on 2 cores
test.describe.configure({ timeout: 180_000 });

/** a pt-PT spreadsheet's CSV: byte-order mark, ';', decimal commas, dd/MM/yyyy, one bad row */
const INVENTORY_CSV = [
  "\uFEFFNome;Preço;Portes;Data de compra;Local de compra",
  "Ténis Samba;1 234,56;4,90;03/02/2026;Zara Colombo",
  ";12,00;;;",
  "Casaco de ganga;30;;2026-01-15;",
].join("\r\n");

async function openWizard(page: Page) {
  await page.getByRole("button", { name: "Importar CSV" }).click();
  return page.getByTestId("books-import-dialog");
}

/** the quality suite's checks on the open wizard: accessibility, stray text, nothing wider than the screen */
async function expectClean(page: Page, where: string) {
  await settle(page);
  const problems = [
    ...(await axeProblems(page, where)),
    ...(await textProblems(page, where)),
    ...(await overflowProblems(page, where)),
    ...(await controlProblems(page, where)),
  ];
  expect(problems).toEqual([]);
}

async function chooseFile(page: Page, name: string, content: string) {
  await page
    .getByTestId("books-import-dialog")
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(content, "utf8") });
}

test("Inventário: importar um CSV — pré-visualização com erros por linha, importar, e o mesmo ficheiro outra vez não acrescenta nada", async ({
  page,
}) => {
  await signInAsNewUser(page, "csv-inv");
  await page.goto("/inventory");
  let dialog = await openWizard(page);
  await expect(dialog.getByRole("heading", { name: "Importar inventário de um CSV" })).toBeVisible();
  await chooseFile(page, "inventario.csv", INVENTORY_CSV);
  const summary = dialog.getByTestId("import-summary");
  await expect(summary).toContainText("2 linhas válidas");
  await expect(summary).toContainText("1 com erros");
  // the bad row is shown first, with its line and the reason in Portuguese
  const bad = dialog.getByTestId("import-row").filter({ hasText: "Linha 3" });
  await expect(bad).toContainText("Nome obrigatório");
  await dialog.getByRole("button", { name: "Todas (3)" }).click();
  await expect(dialog.getByTestId("import-row").filter({ hasText: "Ténis Samba" })).toContainText(
    /1\s234,56\s€ · 03\/02\/2026/,
  );
  await expectClean(page, "preview-light");
  await screenshot(page, "books-import-preview-light");
  if (!isMobileProject()) {
    // a tablet's width, beside the sidebar
    await page.setViewportSize({ width: 768, height: 1024 });
    await expectClean(page, "preview-768");
    await screenshot(page, "books-import-preview-768");
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  await setTheme(page, "dark");
  dialog = await openWizard(page);
  await chooseFile(page, "inventario.csv", INVENTORY_CSV);
  await expect(dialog.getByTestId("import-summary")).toContainText("2 linhas válidas");
  await dialog.getByRole("button", { name: "Colunas do ficheiro" }).click();
  await expect(dialog.getByRole("combobox", { name: "Nome *" })).toHaveText("Nome");
  await expectClean(page, "preview-dark");
  await screenshot(page, "books-import-preview-dark");
  await dialog.getByRole("button", { name: "Importar 2 linhas" }).click();
  await expect(dialog.getByTestId("import-result")).toContainText("2 linhas importadas");
  await expect(dialog.getByTestId("import-result")).toContainText("1 linha não foi importada");
  await expectClean(page, "result-dark");
  await screenshot(page, "books-import-result-dark");
  await dialog.getByRole("button", { name: "Fechar" }).first().click();
  await expect(page.getByText("Ténis Samba").first()).toBeVisible();
  await expect(page.getByText("Casaco de ganga").first()).toBeVisible();

  // the same file again: every row is already in the books
  dialog = await openWizard(page);
  await chooseFile(page, "inventario.csv", INVENTORY_CSV);
  await expect(dialog.getByTestId("import-summary")).toContainText("2 já existentes");
  await expect(dialog.getByRole("button", { name: "Nada a importar" })).toBeDisabled();
});

test("Vendas: importar um CSV com colunas de outros nomes, escolhidas pelo utilizador", async ({ page }) => {
  await signInAsNewUser(page, "csv-sales");
  const res = await page.request.post("/api/inventory", {
    data: { name: "Jordan 1", price: "120", shippingPrice: "5" },
  });
  expect(res.ok()).toBeTruthy();
  await page.goto("/sales");
  const dialog = await openWizard(page);
  await expect(dialog.getByRole("heading", { name: "Importar vendas de um CSV" })).toBeVisible();
  await chooseFile(
    page,
    "marketplace.csv",
    [
      "Artigo vendido,Valor,Quando,Onde",
      'Jordan 1,"200,00",15/03/2026,Vinted',
      "Dunk Low,90.10,2026-03-16,eBay",
    ].join("\n"),
  );
  // the item and the day are not found by name: the columns open for the user to choose
  await expect(dialog.getByTestId("import-summary")).toContainText("2 com erros");
  const pick = async (field: string, column: string) => {
    await dialog.getByRole("combobox", { name: field }).click();
    await page.getByRole("option", { name: column, exact: true }).click();
  };
  await pick("Item *", "Artigo vendido");
  await pick("Data da venda *", "Quando");
  await pick("Plataforma", "Onde");
  await expect(dialog.getByTestId("import-summary")).toContainText("2 linhas válidas");
  await dialog.getByRole("button", { name: "Todas (2)" }).click();
  await expect(dialog.getByTestId("import-row").filter({ hasText: "Jordan 1" })).toContainText(
    "vende um item do inventário",
  );
  await expect(dialog.getByTestId("import-row").filter({ hasText: "Dunk Low" })).toContainText(
    "item novo, já vendido",
  );
  await expectClean(page, "sales-light");
  await screenshot(page, "books-import-sales-light");
  await dialog.getByRole("button", { name: "Importar 2 linhas" }).click();
  await expect(dialog.getByTestId("import-result")).toContainText("2 linhas importadas");
  await dialog.getByRole("button", { name: "Fechar" }).first().click();
  await expect(page.getByText("Dunk Low").first()).toBeVisible();
  await expect(page.getByText("Jordan 1").first()).toBeVisible();
});

test("um ficheiro mal formado diz a linha onde parou", { tag: SAME_ON_A_PHONE }, async ({ page }) => {
  await signInAsNewUser(page, "csv-bad");
  await page.goto("/inventory");
  const dialog = await openWizard(page);
  await chooseFile(page, "partido.csv", 'Nome;Preço\nCasaco;10\n"Saia sem fim;5\n');
  await expect(dialog.getByRole("alert")).toContainText("O ficheiro CSV está mal formado");
  await expect(dialog.getByRole("alert")).toContainText("Aspas por fechar");
});
