import { expect, type Page, test } from "@playwright/test";
import { screenshot, setTheme, signInAsNewUser } from "./helpers";

// two pages, a reload per step and both themes, beside another worker on 2 cores
test.describe.configure({ timeout: 180_000 });

async function post(page: Page, url: string, data: object) {
  const res = await page.request.post(url, { data });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json();
}

/** a figure of a Status card, by its label */
const figure = (page: Page, label: string) =>
  page
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd");

const two = (n: number) => String(n).padStart(2, "0");

test("o período dos livros: mês passado no Status e nas Vendas, guardado no URL e num intervalo à escolha", async ({
  page,
}) => {
  await signInAsNewUser(page, "periodo");
  // the 15th of last month (a day alone: that day in every zone), and a sale today
  const now = new Date();
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
  const lastMonth = `${last.getUTCFullYear()}-${two(last.getUTCMonth() + 1)}`;
  const lastMonthEnd = new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() + 1, 0)).getUTCDate();
  const old = await post(page, "/api/inventory", { name: "Casaco do mês passado", price: "10" });
  await post(page, "/api/sales", {
    inventoryItemId: old.id,
    salePrice: "110",
    platform: "Vinted",
    saleDate: `${lastMonth}-15`,
  });
  const fresh = await post(page, "/api/inventory", { name: "Boné de hoje", price: "10" });
  await post(page, "/api/sales", { inventoryItemId: fresh.id, salePrice: "30", platform: "OLX" });

  // Status: all time, then last month
  await page.goto("/status");
  const revenue = figure(page, "Receita total");
  await expect(revenue).toHaveText("140,00 €");
  const picker = page.getByRole("combobox", { name: "Período" });
  await expect(picker).toHaveText("Desde sempre");
  await picker.click();
  await page.getByRole("option", { name: "Mês passado" }).click();
  await expect(page).toHaveURL(/\/status\?period=last-month$/);
  await expect(revenue).toHaveText("110,00 €");
  await expect(figure(page, "Lucro das vendas")).toHaveText("100,00 €");
  await expect(figure(page, "Vendas no período")).toHaveText("1");
  const [year, month] = lastMonth.split("-");
  await expect(page.getByTestId("period-range")).toHaveText(
    `01/${month}/${year} – ${lastMonthEnd}/${month}/${year}`,
  );
  // the chart draws last month alone
  await expect(page.getByTestId("profit-by-month")).not.toContainText("Sem vendas");
  await screenshot(page, "period-status-light");

  // a reload keeps it, and so does the dark theme's reload
  await page.reload();
  await expect(picker).toHaveText("Mês passado");
  await expect(revenue).toHaveText("110,00 €");
  await setTheme(page, "dark");
  await expect(page).toHaveURL(/\/status\?period=last-month$/);
  await expect(revenue).toHaveText("110,00 €");
  await screenshot(page, "period-status-dark");
  await setTheme(page, "light");

  // this month: only today's sale
  await picker.click();
  await page.getByRole("option", { name: "Este mês" }).click();
  await expect(page).toHaveURL(/\/status\?period=this-month$/);
  await expect(revenue).toHaveText("30,00 €");

  // Vendas: its own period, in its own URL
  await page.goto("/sales");
  const main = page.getByRole("main");
  await expect(main.getByText("Casaco do mês passado")).toBeVisible();
  await expect(main.getByText("Boné de hoje")).toBeVisible();
  const salesPicker = page.getByRole("combobox", { name: "Período" });
  await salesPicker.click();
  await page.getByRole("option", { name: "Mês passado" }).click();
  await expect(page).toHaveURL(/\/sales\?period=last-month$/);
  await expect(main.getByText("Casaco do mês passado")).toBeVisible();
  await expect(main.getByText("Boné de hoje")).toHaveCount(0);
  await page.reload();
  await expect(salesPicker).toHaveText("Mês passado");
  await expect(main.getByText("Boné de hoje")).toHaveCount(0);
  await expect(main.getByText("Casaco do mês passado")).toBeVisible();

  // a range of days: from the 15th of last month to today holds both
  const today = `${now.getUTCFullYear()}-${two(now.getUTCMonth() + 1)}-${two(now.getUTCDate())}`;
  await salesPicker.click();
  await page.getByRole("option", { name: "Personalizado" }).click();
  const from = page.getByLabel("De", { exact: true });
  const to = page.getByLabel("Até", { exact: true });
  // it starts on the days last month had
  await expect(from).toHaveValue(`${lastMonth}-01`);
  await expect(to).toHaveValue(`${lastMonth}-${lastMonthEnd}`);
  await to.fill(today);
  await from.fill(`${lastMonth}-16`);
  await expect(page).toHaveURL(new RegExp(`period=custom&from=${lastMonth}-16&to=${today}$`));
  await expect(main.getByText("Boné de hoje")).toBeVisible();
  await expect(main.getByText("Casaco do mês passado")).toHaveCount(0);
  await from.fill(`${lastMonth}-15`);
  await expect(main.getByText("Casaco do mês passado")).toBeVisible();
  await screenshot(page, "period-sales-custom-light");

  // a first day after the last one is said in words, and the list keeps the last good range
  await from.fill(`${now.getUTCFullYear() + 1}-01-01`);
  await expect(page.getByRole("alert").filter({ hasText: "O primeiro dia do período" })).toHaveText(
    "O primeiro dia do período não pode ser depois do último",
  );
  await expect(page).toHaveURL(new RegExp(`from=${lastMonth}-15&to=${today}$`));
  await expect(main.getByText("Casaco do mês passado")).toBeVisible();

  // the range survives a reload, in the fields too; dark theme
  await setTheme(page, "dark");
  await expect(from).toHaveValue(`${lastMonth}-15`);
  await expect(to).toHaveValue(today);
  await expect(main.getByText("Boné de hoje")).toBeVisible();
  await screenshot(page, "period-sales-custom-dark");
  // nothing overflows the page sideways
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await setTheme(page, "light");
});

test("Inventário: os itens comprados no período, um período vazio leva de volta a todo o período; o Ranking lê os links antigos", async ({
  page,
}) => {
  await signInAsNewUser(page, "periodo-inv");
  await post(page, "/api/inventory", { name: "Ténis antigos", price: "40", purchaseDate: "2024-03-10" });
  await post(page, "/api/inventory", { name: "Mala nova", price: "25" });
  await page.goto("/inventory?period=last-year");
  const main = page.getByRole("main");
  await expect(page.getByRole("combobox", { name: "Período" })).toHaveText("Ano passado");
  await expect(main.getByText("Nenhum item comprado neste período")).toBeVisible();
  await screenshot(page, "period-inventory-empty-light");
  await main.getByRole("button", { name: "Ver desde sempre" }).click();
  await expect(page).toHaveURL(/\/inventory$/);
  await expect(main.getByText("Ténis antigos")).toBeVisible();
  await expect(main.getByText("Mala nova")).toBeVisible();
  await page.goto("/inventory?period=custom&from=2024-01-01&to=2024-12-31");
  await expect(main.getByText("Ténis antigos")).toBeVisible();
  await expect(main.getByText("Mala nova")).toHaveCount(0);
  await screenshot(page, "period-inventory-custom-light");

  // the Ranking's links of before (?period=month) still open on this month
  await page.goto("/ranking?period=month");
  await expect(page.getByRole("combobox", { name: "Período" })).toHaveText("Este mês");
});
