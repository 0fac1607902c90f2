import { csvDecimal, csvFileName, toCsv } from "@common/csv";
import { addMoney } from "@common/money";
import type { Sale } from "@common/schemas/sales";
import { formatDateTime } from "@/lib/format";

export function searchSales(sales: readonly Sale[], search: string): Sale[] {
  const needle = search.trim().toLocaleLowerCase("pt-PT");
  if (!needle) return [...sales];
  return sales.filter((s) =>
    [s.buyer, s.platform, s.item?.name].some((v) => (v ?? "").toLocaleLowerCase("pt-PT").includes(needle)),
  );
}

const localDay = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
const localMonth = (date: Date) => `${date.getFullYear()}-${date.getMonth()}`;

export interface SalesSummary {
  revenue: string;
  profit: string;
  count: number;
  thisMonth: number;
  today: number;
  /** profit ÷ revenue × 100, null without revenue */
  margin: number | null;
}

/** exact sums in cents; "today" and "this month" on the browser's calendar */
export function summarizeSales(sales: readonly Sale[], now = new Date()): SalesSummary {
  const revenue = addMoney(...sales.map((s) => s.salePrice));
  const profit = addMoney(...sales.map((s) => s.profit));
  const revenueNumber = Number(revenue);
  return {
    revenue,
    profit,
    count: sales.length,
    thisMonth: sales.filter((s) => localMonth(new Date(s.saleDate)) === localMonth(now)).length,
    today: sales.filter((s) => localDay(new Date(s.saleDate)) === localDay(now)).length,
    margin: revenueNumber === 0 ? null : (Number(profit) / revenueNumber) * 100,
  };
}

export function salesCsv(sales: readonly Sale[]) {
  return {
    fileName: csvFileName("vendas"),
    text: toCsv(
      ["Data", "Item", "SKU", "Comprador", "Plataforma", "Preço de venda", "Taxas", "Custo", "Lucro"],
      sales.map((s) => [
        formatDateTime(s.saleDate),
        s.item?.name ?? "",
        s.item?.sku,
        s.buyer,
        s.platform,
        csvDecimal(s.salePrice),
        csvDecimal(s.fees),
        s.item ? csvDecimal(addMoney(s.item.price, s.item.shippingPrice)) : "",
        csvDecimal(s.profit),
      ]),
    ),
  };
}
