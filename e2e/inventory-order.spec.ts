import { expect, type Page, test } from "@playwright/test";
import { isMobileProject, signInAsNewUser, themeShots } from "./helpers";

/**
 * Inventário: the order (date, price, name, time in stock, both ways) kept in the URL like the
 * period, and the dense table on wide screens. Runs at 1280 px and, in the phone project, at 390 px
 * (where the table is not offered).
 */
const ITEMS = [
  { name: "Casaco", price: "40", purchaseDate: "2026-01-10" },
  { name: "Botas", price: "90", purchaseDate: "2025-06-01" },
  { name: "Anel", price: "15", purchaseDate: "2026-11-01" },
];

const names = (page: Page) =>
  page
    .getByTestId(isMobileProject() ? "inventory-item" : /^inventory-(item|row)$/)
    .evaluateAll((els) =>
      els.map((el) => el.getAttribute("aria-label") ?? el.querySelector("p.font-medium")?.textContent ?? ""),
    );

test("o Inventário ordena por data, preço, nome e tempo em stock, e a ordem fica no endereço", async ({
  page,
}) => {
  await signInAsNewUser(page, "ordem");
  for (const item of ITEMS) {
    const res = await page.request.post("/api/inventory", { data: item });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto("/inventory?sort=priceLow");
  const sort = page.getByRole("combobox", { name: "Ordenar por" });
  await expect(sort).toContainText("Preço: menor primeiro");
  await expect.poll(() => names(page)).toEqual(["Anel", "Casaco", "Botas"]);

  for (const [label, key, order] of [
    ["Nome (Z–A)", "nameDesc", ["Casaco", "Botas", "Anel"]],
    ["Há mais tempo em stock", "longestInStock", ["Botas", "Casaco", "Anel"]],
    ["Há menos tempo em stock", "shortestInStock", ["Anel", "Casaco", "Botas"]],
    ["Mais antigos", "oldest", ["Casaco", "Botas", "Anel"]],
    ["Preço: maior primeiro", "priceHigh", ["Botas", "Casaco", "Anel"]],
  ] as const) {
    await sort.click();
    await page.getByRole("option", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]sort=${key}(&|$)`));
    await expect.poll(() => names(page)).toEqual(order);
  }

  // the period and the order live side by side in the address; a reload keeps both
  await page.goto("/inventory?period=this-year&sort=name");
  await expect(sort).toContainText("Nome (A–Z)");
  await expect.poll(() => names(page)).toEqual(["Anel", "Casaco"]);
  await page.reload();
  await expect.poll(() => names(page)).toEqual(["Anel", "Casaco"]);
  await page.goto("/inventory?sort=nameDesc");
  await expect.poll(() => names(page)).toEqual(["Casaco", "Botas", "Anel"]);
  await themeShots(page, "inventory-order");

  const table = page.getByRole("button", { name: "Vista em tabela compacta" });
  if (isMobileProject()) {
    // 390 px: no room for the columns, the table is not offered
    await expect(page.getByRole("button", { name: "Vista em lista" })).toBeVisible();
    await expect(table).toHaveCount(0);
    return;
  }
  await table.click();
  await expect(table).toHaveAttribute("aria-pressed", "true");
  const rows = page.getByTestId("inventory-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText("Casaco");
  await expect(rows.first()).toContainText("40,00 €");
  await expect(page.getByRole("columnheader", { name: "Em stock" })).toBeVisible();
  await expect(rows.filter({ hasText: "Botas" })).toContainText(/\d+ dias/);
  await themeShots(page, "inventory-table");
  // the view is the device's: it is still the table after a reload
  await page.reload();
  await expect(page.getByTestId("inventory-row")).toHaveCount(3);
  // narrower than the table's columns, the same choice shows the list
  await page.setViewportSize({ width: 900, height: 800 });
  await expect(page.getByTestId("inventory-row")).toHaveCount(0);
  await expect(page.getByTestId("inventory-item")).toHaveCount(3);
});
