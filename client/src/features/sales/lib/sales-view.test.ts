import type { Sale } from "@common/schemas/sales";
import { describe, expect, it } from "vitest";
import { salesCsv, searchSales, summarizeSales } from "./sales-view";

const sale = (
  id: number,
  saleDate: string,
  salePrice: string,
  profit: string,
  extra: Partial<Sale> = {},
): Sale => ({
  id,
  inventoryItemId: id,
  salePrice,
  saleDate,
  buyer: null,
  platform: "Vinted",
  fees: "0.00",
  profit,
  createdAt: saleDate,
  item: { id, name: `Item ${id}`, sku: null, size: null, price: "1.00", shippingPrice: "0.00" },
  ...extra,
});

describe("sales view", () => {
  const now = new Date(2026, 10, 22, 15, 0);
  const sales = [
    sale(1, new Date(2026, 10, 22, 9, 0).toISOString(), "0.10", "0.05", { buyer: "Maria" }),
    sale(2, new Date(2026, 10, 2, 9, 0).toISOString(), "0.20", "0.05", { platform: "OLX" }),
    sale(3, new Date(2026, 9, 31, 23, 0).toISOString(), "10.00", "-1.00"),
  ];

  it("sums exactly and counts today and this month on the local calendar", () => {
    const summary = summarizeSales(sales, now);
    expect(summary).toMatchObject({ revenue: "10.30", profit: "-0.90", count: 3, thisMonth: 2, today: 1 });
    expect(summary.margin).toBeCloseTo((-0.9 / 10.3) * 100, 10);
    expect(summarizeSales([], now).margin).toBeNull();
  });

  it("searches buyer, platform and item name, ignoring case", () => {
    expect(searchSales(sales, "maria").map((s) => s.id)).toEqual([1]);
    expect(searchSales(sales, "olx").map((s) => s.id)).toEqual([2]);
    expect(searchSales(sales, "ITEM 3").map((s) => s.id)).toEqual([3]);
    expect(searchSales(sales, "  ")).toHaveLength(3);
  });

  it("exports pt-PT decimals with the item's cost", () => {
    const { fileName, text } = salesCsv([sales[2]]);
    expect(fileName).toMatch(/^vendas_\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, row] = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toBe("Data;Item;SKU;Comprador;Plataforma;Preço de venda;Taxas;Custo;Lucro");
    expect(row.split(";").slice(1)).toEqual(["Item 3", "", "", "Vinted", "10,00", "0,00", "1,00", "-1,00"]);
  });
});
