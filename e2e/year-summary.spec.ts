import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { createUserViaApi, isMobileProject, loginViaApi, screenshot, setTheme } from "./helpers";

// a screen in two themes and print, beside another worker on 2 cores
test.describe.configure({ timeout: 180_000 });

async function post(page: Page, url: string, data: object) {
  const res = await page.request.post(url, { data });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json();
}

/** a row of a summary table, by its first cell */
const row = (page: Page, table: string, first: string) =>
  page
    .getByTestId(table)
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: first, exact: true }) });

test("o resumo anual: do cartão DAC7 aos meses e plataformas, outro ano pelo URL, CSV e impressão", async ({
  page,
}) => {
  const year = new Date().getFullYear();
  await loginViaApi(page);
  const user = await createUserViaApi(page, {
    username: `resumo-${test.info().project.name}-${Date.now().toString(36)}`,
  });
  await loginViaApi(page, user.username, user.password);
  const coat = await post(page, "/api/inventory", { name: "Casaco de ganga", price: "30" });
  const cap = await post(page, "/api/inventory", { name: "Boné", price: "5" });
  // January: 80 € on Vinted with 4,80 € of fees (profit 45,20 €); March: 12 € on OLX (profit 7 €)
  await post(page, "/api/sales", {
    inventoryItemId: coat.id,
    salePrice: "80",
    fees: "4,80",
    platform: "Vinted",
    saleDate: `${year}-01-15`,
  });
  await post(page, "/api/sales", {
    inventoryItemId: cap.id,
    salePrice: "12",
    platform: "OLX",
    saleDate: `${year}-03-10`,
  });
  await post(page, "/api/expenses", { spentOn: `${year}-01-20`, category: "packaging", amount: "5,20" });
  await post(page, "/api/expenses", { spentOn: `${year - 1}-12-01`, category: "travel", amount: "9,99" });

  await page.goto("/sales");
  await page.getByRole("link", { name: `Resumo anual de ${year}` }).click();
  await expect(page).toHaveURL(new RegExp(`/sales/summary\\?year=${year}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Resumo anual ${year}` })).toBeVisible();
  // Vendas stays lit in the menu
  if (!isMobileProject())
    await expect(page.getByRole("navigation").getByRole("link", { name: /^Vendas/ })).toHaveAttribute(
      "aria-current",
      "page",
    );

  const january = row(page, "year-months", `janeiro de ${year}`);
  // a phone shows the name, revenue and profit of each row; the count, cost, fees and expenses from 640 px
  const shown = (cells: string[], onPhone: number[]) =>
    isMobileProject() ? onPhone.map((i) => cells[i]) : cells;
  await expect(january.getByRole("cell")).toHaveText(
    shown([`janeiro de ${year}`, "1", "80,00 €", "30,00 €", "4,80 €", "5,20 €", "40,00 €"], [0, 2, 6]),
  );
  await expect(row(page, "year-months", `fevereiro de ${year}`).getByRole("cell").last()).toHaveText(
    "0,00 €",
  );
  await expect(row(page, "year-months", `Total ${year}`).getByRole("cell")).toHaveText(
    shown([`Total ${year}`, "2", "92,00 €", "35,00 €", "4,80 €", "5,20 €", "47,00 €"], [0, 2, 6]),
  );
  await expect(row(page, "year-platforms", "Vinted").getByRole("cell")).toHaveText(
    shown(["Vinted", "1", "80,00 €", "30,00 €", "4,80 €", "45,20 €"], [0, 2, 5]),
  );
  await expect(row(page, "year-platforms", "OLX").getByRole("cell").last()).toHaveText("7,00 €");
  await screenshot(page, "year-summary-light");

  // the CSV holds the same year
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`resumo_${year}.csv`);
  const csv = fs.readFileSync(await file.path(), "utf8");
  expect(csv).toContain(`Total;${year};2;92,00;35,00;4,80;52,20;5,20;47,00`);
  expect(csv).toContain("Plataforma;OLX;1;12,00;5,00;0,00;7,00;;");

  // print: the frame and the buttons stay off the page
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute("data-printed", "yes");
  });
  await page.getByRole("button", { name: "Imprimir" }).click();
  await expect(page.locator("body")).toHaveAttribute("data-printed", "yes");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("button", { name: "Imprimir" })).toBeHidden();
  await expect(page.getByTestId("year-months")).toBeVisible();
  await screenshot(page, "year-summary-print");
  await page.emulateMedia({ media: "screen" });

  // another year, kept in the URL: last year had only an expense
  await page.getByRole("combobox", { name: "Ano" }).click();
  await page.getByRole("option", { name: String(year - 1) }).click();
  await expect(page).toHaveURL(new RegExp(`year=${year - 1}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Resumo anual ${year - 1}` })).toBeVisible();
  await expect(page.getByText("Sem vendas neste ano.")).toBeVisible();
  await expect(
    row(page, "year-months", `Total ${year - 1}`)
      .getByRole("cell")
      .last(),
  ).toHaveText("-9,99 €");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: `Resumo anual ${year - 1}` })).toBeVisible();

  await page.goto(`/sales/summary?year=${year}`);
  await setTheme(page, "dark");
  await expect(row(page, "year-months", `Total ${year}`)).toBeVisible();
  await screenshot(page, "year-summary-dark");
  await setTheme(page, "light");
});
