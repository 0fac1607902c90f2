import type { Sale } from "@common/schemas/sales";
import { describe, expect, it } from "vitest";
import { NO_PLATFORM } from "@common/aggregations";
import { salePlatforms, salesCsv, selectSales } from "@common/books-export";
import { createFormatter } from "@common/format";
import { searchSales, summarizeSales } from "./sales-view";

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
  currency: "EUR",
  quantity: 1,
  createdAt: saleDate,
  item: {
    id,
    name: `Item ${id}`,
    sku: null,
    size: null,
    price: "1.00",
    shippingPrice: "0.00",
    quantity: 1,
    purchaseDate: null,
    createdAt: saleDate,
  },
  ...extra,
});

describe("sales view", () => {
  const lisbon = createFormatter({ timezone: "Europe/Lisbon" });
  const newYork = createFormatter({ timezone: "America/New_York" });
  // 15:00 in Lisbon (UTC+0 in November), 10:00 in New York
  const now = new Date("2026-11-22T15:00:00Z");
  const sales = [
    sale(1, "2026-11-22T09:00:00.000Z", "0.10", "0.05", { buyer: "Maria" }),
    sale(2, "2026-11-02T09:00:00.000Z", "0.20", "0.05", { platform: "OLX" }),
    // 31 Oct 23:30 in Lisbon, 19:30 in New York: last month in both
    sale(3, "2026-10-31T23:30:00.000Z", "10.00", "-1.00"),
  ];

  it("filters by platform (case and spaces aside, or the sales without one) and sorts, ties newest first", () => {
    const mixed = [
      ...sales,
      sale(4, "2026-11-10T09:00:00.000Z", "0.20", "0.15", { platform: " olx " }),
      sale(5, "2026-11-11T09:00:00.000Z", "5.00", "2.00", { platform: null }),
    ];
    const ids = (view: Partial<Parameters<typeof selectSales>[1]>) =>
      selectSales(mixed, { search: "", platform: "", sort: "recent", ...view }).map((s) => s.id);
    expect(ids({})).toEqual([1, 5, 4, 2, 3]);
    expect(ids({ sort: "oldest" })).toEqual([3, 2, 4, 5, 1]);
    expect(ids({ sort: "profitHigh" })).toEqual([5, 4, 1, 2, 3]);
    // same price: the newer first
    expect(ids({ sort: "priceHigh" })).toEqual([3, 5, 4, 2, 1]);
    expect(ids({ platform: "OLX" })).toEqual([4, 2]);
    expect(ids({ platform: NO_PLATFORM })).toEqual([5]);
    expect(ids({ platform: "OLX", search: "item 2" })).toEqual([2]);
    expect(salePlatforms(mixed)).toEqual(["OLX", "Sem plataforma", "Vinted"]);
  });

  it("sums exactly and counts today and this month on the user's calendar", () => {
    const summary = summarizeSales(sales, lisbon, now);
    expect(summary).toMatchObject({ revenue: "10.30", profit: "-0.90", count: 3, thisMonth: 2, today: 1 });
    expect(summary.margin).toBeCloseTo((-0.9 / 10.3) * 100, 10);
    expect(summarizeSales([], lisbon, now).margin).toBeNull();
  });

  it("adds only the sales in the books currency of today and counts the others apart", () => {
    const mixed = [...sales, sale(9, "2026-11-22T10:00:00.000Z", "50.00", "20.00", { currency: "USD" })];
    expect(summarizeSales(mixed, lisbon, now)).toMatchObject({
      revenue: "10.30",
      profit: "-0.90",
      count: 3,
      today: 1,
      otherCurrency: 1,
    });
    const inDollars = createFormatter({ timezone: "Europe/Lisbon", currency: "USD" });
    expect(summarizeSales(mixed, inDollars, now)).toMatchObject({
      revenue: "50.00",
      profit: "20.00",
      count: 1,
      margin: 40,
      otherCurrency: 3,
    });
  });

  it("takes today and this month in the user's zone, not the browser's", () => {
    // 1 Dec 02:00 UTC: already December in Lisbon, still 30 November in New York
    const late = new Date("2026-12-01T02:00:00Z");
    const nov30 = [sale(4, "2026-11-30T23:00:00.000Z", "5.00", "1.00")];
    expect(summarizeSales(nov30, lisbon, late)).toMatchObject({ today: 0, thisMonth: 0 });
    expect(summarizeSales(nov30, newYork, late)).toMatchObject({ today: 1, thisMonth: 1 });
    // a sale kept without a time is that day wherever the user is
    const dayOnly = [sale(5, "2026-11-30T00:00:00.000Z", "5.00", "1.00")];
    expect(summarizeSales(dayOnly, newYork, late)).toMatchObject({ today: 1, thisMonth: 1 });
  });

  it("searches buyer, platform and item name, ignoring case", () => {
    expect(searchSales(sales, "maria").map((s) => s.id)).toEqual([1]);
    expect(searchSales(sales, "olx").map((s) => s.id)).toEqual([2]);
    expect(searchSales(sales, "ITEM 3").map((s) => s.id)).toEqual([3]);
    expect(searchSales(sales, "  ")).toHaveLength(3);
  });

  it("exports pt-PT decimals with the item's cost", () => {
    const [header, row] = salesCsv([sales[2]], lisbon)
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toBe(
      "Data;Item;SKU;Comprador;Plataforma;Quantidade;Moeda;Preço de venda;Taxas;Custo;Lucro",
    );
    expect(row.split(";").slice(1)).toEqual([
      "Item 3",
      "",
      "",
      "Vinted",
      "1",
      "EUR",
      "10,00",
      "0,00",
      "1,00",
      "-1,00",
    ]);
  });
});
