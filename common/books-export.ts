/**
 * The books' CSV files (inventory, sales, expenses), written by the server in the user's time zone and books
 * currency, over the same search and filter the screens apply, so a file holds what the list shows.
 */
import { csvDecimal, toCsv } from "./csv.js";
import { NO_PLATFORM, platformKey, salePlatformName } from "./aggregations.js";
import type { Formatter } from "./format.js";
import { addMoney, multiplyMoney } from "./money.js";
import { checkPeriod, periodFields } from "./schemas/period.js";
import type { Expense, ExpenseCategory } from "./schemas/expenses.js";
import type { InventoryItem } from "./schemas/inventory.js";
import type { Sale } from "./schemas/sales.js";
import type { YearSummary, YearSummaryFigures } from "./schemas/year-summary.js";
import { INVENTORY_STATUS_LABELS } from "./status.js";
import { z } from "./zod-pt.js";

export const INVENTORY_FILTERS = ["all", "in_stock", "sold", "pending", "transit"] as const;
export type InventoryFilter = (typeof INVENTORY_FILTERS)[number];

/**
 * The inventory's orders, each field both ways: the day registered (newest first, the list's order
 * before there was a choice), the time in stock (bought longest ago first: what to price down), the
 * purchase price, the name
 */
export const INVENTORY_SORTS = [
  "recent",
  "oldest",
  "longestInStock",
  "shortestInStock",
  "priceHigh",
  "priceLow",
  "name",
  "nameDesc",
] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];

export const inventoryExportQuerySchema = z
  .object({
    search: z.string().max(200, "Pesquisa demasiado longa").default(""),
    status: z.enum(INVENTORY_FILTERS, { error: "Estado inválido" }).default("all"),
    sort: z.enum(INVENTORY_SORTS, { error: "Ordem inválida" }).default("recent"),
    // the items bought in the books' period, as the list shows them
    ...periodFields,
  })
  .superRefine(checkPeriod);

/** the sales' orders: newest sale first (the list's order before there was a choice), oldest first, by profit, by price */
export const SALES_SORTS = ["recent", "oldest", "profitHigh", "priceHigh"] as const;
export type SalesSort = (typeof SALES_SORTS)[number];

export const salesExportQuerySchema = z
  .object({
    search: z.string().max(200, "Pesquisa demasiado longa").default(""),
    /** one platform's sales ("" for all; NO_PLATFORM for the sales without one) */
    platform: z.string().trim().max(100, "Plataforma demasiado longa").default(""),
    sort: z.enum(SALES_SORTS, { error: "Ordem inválida" }).default("recent"),
    // the sales of the books' period, as the list shows them
    ...periodFields,
  })
  .superRefine(checkPeriod);
export type SalesView = Pick<z.output<typeof salesExportQuerySchema>, "search" | "platform" | "sort">;

const lower = (text: string | null | undefined) => (text ?? "").toLocaleLowerCase("pt-PT");

/** search over name and SKU, then the status filter */
export function filterInventory(items: readonly InventoryItem[], search: string, status: InventoryFilter) {
  const needle = lower(search.trim());
  return items.filter(
    (item) =>
      (status === "all" || item.status === status) &&
      (needle === "" || lower(item.name).includes(needle) || lower(item.sku).includes(needle)),
  );
}

/** when the item came into stock: the day it was bought, else the day it was registered */
const inStockSince = (item: InventoryItem) => Date.parse(item.purchaseDate ?? item.createdAt);
const byName = new Intl.Collator("pt-PT", { sensitivity: "base", numeric: true });
const newestFirst = (a: InventoryItem, b: InventoryItem) =>
  b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

const INVENTORY_ORDERS: Record<InventorySort, (a: InventoryItem, b: InventoryItem) => number> = {
  recent: newestFirst,
  oldest: (a, b) => -newestFirst(a, b),
  longestInStock: (a, b) => inStockSince(a) - inStockSince(b) || a.id - b.id,
  shortestInStock: (a, b) => inStockSince(b) - inStockSince(a) || newestFirst(a, b),
  priceHigh: (a, b) => Number(b.price) - Number(a.price) || newestFirst(a, b),
  priceLow: (a, b) => Number(a.price) - Number(b.price) || newestFirst(a, b),
  name: (a, b) => byName.compare(a.name, b.name) || newestFirst(a, b),
  nameDesc: (a, b) => byName.compare(b.name, a.name) || newestFirst(a, b),
};

/** the items in the chosen order (a new list; ties fall back to the newest first) */
export function sortInventory(items: readonly InventoryItem[], sort: InventorySort): InventoryItem[] {
  return [...items].sort(INVENTORY_ORDERS[sort]);
}

const saleNewestFirst = (a: Sale, b: Sale) => b.saleDate.localeCompare(a.saleDate) || b.id - a.id;
const SALES_ORDERS: Record<SalesSort, (a: Sale, b: Sale) => number> = {
  recent: saleNewestFirst,
  oldest: (a, b) => -saleNewestFirst(a, b),
  profitHigh: (a, b) => Number(b.profit) - Number(a.profit) || saleNewestFirst(a, b),
  priceHigh: (a, b) => Number(b.salePrice) - Number(a.salePrice) || saleNewestFirst(a, b),
};

/** the sales a list (and its CSV) shows: the search, one platform or all, in the chosen order */
export function selectSales(sales: readonly Sale[], { search, platform, sort }: SalesView): Sale[] {
  const wanted = platform.trim() ? platformKey(platform.trim()) : null;
  return searchSales(sales, search)
    .filter((sale) => wanted === null || platformKey(salePlatformName(sale)) === wanted)
    .sort(SALES_ORDERS[sort]);
}

/** the platforms the sales were made on, by name, for the filter */
export function salePlatforms(sales: readonly Sale[]): string[] {
  const names = new Map<string, string>();
  for (const sale of sales) {
    const name = salePlatformName(sale);
    if (!names.has(platformKey(name))) names.set(platformKey(name), name);
  }
  return [...names.values()].sort((a, b) => a.localeCompare(b, "pt-PT"));
}

/** search over buyer, platform and item name */
export function searchSales(sales: readonly Sale[], search: string): Sale[] {
  const needle = lower(search.trim());
  if (!needle) return [...sales];
  return sales.filter((s) => [s.buyer, s.platform, s.item?.name].some((v) => lower(v).includes(needle)));
}

export const inventoryStatusLabel = (status: string) => INVENTORY_STATUS_LABELS[status] ?? status;

/** "inventario_2026-11-22.csv", the day on the user's calendar */
export const exportFileName = (prefix: string, f: Formatter, now: Date = new Date()) =>
  `${prefix}_${f.day(now)}.csv`;

/** amounts stay plain decimals a spreadsheet can sum; the header names the books currency */
const inCurrency = (label: string, f: Formatter) => `${label} (${f.currency})`;

/** the purchase date is a day as the user typed it (dateOnly, like the expenses'), empty when none */
export function inventoryCsv(items: readonly InventoryItem[], f: Formatter): string {
  return toCsv(
    [
      "Nome",
      "SKU",
      "Tamanho",
      "Local de compra",
      "Data de compra",
      inCurrency("Preço", f),
      inCurrency("Portes", f),
      "Quantidade",
      // bought in another currency: each unit's amount as paid in it and the day's rate (the
      // price above is amount × rate); empty for an item bought in the books' currency
      "Moeda de compra",
      "Valor na moeda de compra",
      "Taxa de câmbio",
      "Estado",
      inCurrency("Preço de venda", f),
      inCurrency("Lucro", f),
      "Notas",
      "Adicionado em",
    ],
    items.map((i) => [
      i.name,
      i.sku,
      i.size,
      i.purchaseLocation,
      i.purchaseDate ? f.dateOnly(i.purchaseDate) : "",
      csvDecimal(i.price),
      csvDecimal(i.shippingPrice),
      i.quantity,
      i.purchaseCurrency ?? "",
      csvDecimal(i.purchaseAmount),
      csvDecimal(i.purchaseRate, 6),
      inventoryStatusLabel(i.status),
      csvDecimal(i.sale?.salePrice),
      csvDecimal(i.sale?.profit),
      i.notes,
      f.date(i.createdAt),
    ]),
  );
}

export function salesCsv(sales: readonly Sale[], f: Formatter): string {
  return toCsv(
    [
      "Data",
      "Item",
      "SKU",
      "Comprador",
      "Plataforma",
      "Quantidade",
      // each sale's amounts are in the currency it was recorded in, which its row names
      "Moeda",
      "Preço de venda",
      "Taxas",
      "Custo",
      "Lucro",
    ],
    sales.map((s) => [
      f.saleDate(s.saleDate),
      s.item?.name ?? "",
      s.item?.sku,
      s.buyer,
      s.platform,
      s.quantity,
      s.currency,
      csvDecimal(s.salePrice),
      csvDecimal(s.fees),
      // what the units sold cost: (price + shipping) × units, exactly
      s.item ? csvDecimal(multiplyMoney(addMoney(s.item.price, s.item.shippingPrice), s.item.quantity)) : "",
      csvDecimal(s.profit),
    ]),
  );
}

/** the expense categories as the Despesas page names them in Portuguese (the CSV headers' language) */
export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  packaging: "Embalagens",
  shipping_supplies: "Material de envio",
  shipping: "Portes de envio",
  subscriptions: "Subscrições",
  travel: "Deslocações",
  promotions: "Destaques e promoções",
  other: "Outra",
};

/** the expenses, newest day first as the Despesas page lists them; the day is the expense's own */
export function expensesCsv(expenses: readonly Expense[], f: Formatter): string {
  return toCsv(
    ["Data", "Categoria", "Descrição", "Item", inCurrency("Valor", f), "Talão"],
    expenses.map((e) => [
      f.dateOnly(e.spentOn),
      EXPENSE_CATEGORY_LABELS[e.category] ?? e.category,
      e.description,
      e.itemName,
      csvDecimal(e.amount),
      e.receipt ? "Sim" : "Não",
    ]),
  );
}

/**
 * The yearly summary as one sheet: the twelve months, the year's total, then each platform's sales
 * (expenses belong to no platform, so a platform's line has the sales' profit only)
 */
export function yearSummaryCsv(summary: YearSummary, f: Formatter): string {
  const figures = (r: YearSummaryFigures) => [
    r.sales,
    csvDecimal(r.revenue),
    csvDecimal(r.cost),
    csvDecimal(r.fees),
    csvDecimal(r.salesProfit),
  ];
  const month = (m: number) => f.monthName(`${String(m).padStart(2, "0")}/${summary.year}`);
  return toCsv(
    [
      "Tipo",
      "Nome",
      "Vendas",
      inCurrency("Receita", f),
      inCurrency("Custo dos artigos", f),
      inCurrency("Taxas", f),
      inCurrency("Lucro das vendas", f),
      inCurrency("Despesas", f),
      inCurrency("Lucro", f),
    ],
    [
      ...summary.months.map((m) => [
        "Mês",
        month(m.month),
        ...figures(m),
        csvDecimal(m.expenses),
        csvDecimal(m.profit),
      ]),
      [
        "Total",
        String(summary.year),
        ...figures(summary.total),
        csvDecimal(summary.total.expenses),
        csvDecimal(summary.total.profit),
      ],
      ...summary.platforms.map((p) => ["Plataforma", p.platform || NO_PLATFORM, ...figures(p), "", ""]),
      // the year's sales in another currency: counted, in none of the amounts above
      ...(summary.otherCurrencySales > 0
        ? [["Noutra moeda", "Fora dos totais", summary.otherCurrencySales, "", "", "", "", "", ""]]
        : []),
    ],
  );
}
