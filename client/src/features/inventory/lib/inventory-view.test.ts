import type { InventoryItem } from "@common/schemas/inventory";
import { afterAll, describe, expect, it } from "vitest";
import { type InventorySort, inventoryCsv, sortInventory } from "@common/books-export";
import { createFormatter } from "@common/format";
import { i18n } from "@/lib/i18n";
import { daysInStockOf, filterItems, statusFilterLabels, statusLabel } from "./inventory-view";

const item = (
  id: number,
  name: string,
  status: string,
  extra: Partial<InventoryItem> = {},
): InventoryItem => ({
  id,
  name,
  image: null,
  thumbnail: null,
  size: null,
  sku: null,
  price: "10.00",
  shippingPrice: "0.00",
  quantity: 1,
  purchaseLocation: null,
  purchaseDate: null,
  status,
  tags: [],
  notes: null,
  sourceProductId: null,
  createdAt: "2026-11-22T10:00:00.000Z",
  updatedAt: "2026-11-22T10:00:00.000Z",
  sale: null,
  ...extra,
});

describe("inventory view", () => {
  const items = [
    item(1, "Ténis Samba", "in_stock", { sku: "B75806" }),
    item(2, "Casaco", "sold", {
      sale: {
        id: 9,
        salePrice: "30.00",
        fees: "1.00",
        profit: "19.00",
        saleDate: "2026-11-22T10:00:00.000Z",
        buyer: null,
        platform: "OLX",
      },
    }),
    item(3, "=cmd|' /C calc'!A0", "transit"),
  ];

  it("searches name and SKU, then filters by status", () => {
    expect(filterItems(items, "samba", "all").map((i) => i.id)).toEqual([1]);
    expect(filterItems(items, "b758", "all").map((i) => i.id)).toEqual([1]);
    expect(filterItems(items, "", "sold").map((i) => i.id)).toEqual([2]);
    expect(filterItems(items, "samba", "sold")).toEqual([]);
  });

  it("sorts by newest, longest in stock, price both ways and name; ties fall back to the newest", () => {
    const stock = [
      item(1, "Ténis Samba", "in_stock", { price: "45.10", createdAt: "2026-11-20T10:00:00.000Z" }),
      item(2, "casaco", "in_stock", {
        price: "10.00",
        createdAt: "2026-11-25T10:00:00.000Z",
        purchaseDate: "2026-09-01T00:00:00.000Z",
      }),
      item(3, "Álbum Pop Mart", "in_stock", { price: "9.50", createdAt: "2026-11-26T10:00:00.000Z" }),
      item(4, "Boné", "in_stock", { price: "10.00", createdAt: "2026-11-27T10:00:00.000Z" }),
    ];
    const ids = (sort: InventorySort) => sortInventory(stock, sort).map((i) => i.id);
    expect(ids("recent")).toEqual([4, 3, 2, 1]);
    // the day it was bought counts before the day it was registered
    expect(ids("longestInStock")).toEqual([2, 1, 3, 4]);
    expect(ids("priceHigh")).toEqual([1, 4, 2, 3]);
    expect(ids("priceLow")).toEqual([3, 4, 2, 1]);
    // accents and case do not push a name to the end
    expect(ids("name")).toEqual([3, 4, 2, 1]);
    // each field the other way too
    expect(ids("oldest")).toEqual([1, 2, 3, 4]);
    expect(ids("shortestInStock")).toEqual([4, 3, 1, 2]);
    expect(ids("nameDesc")).toEqual([1, 2, 4, 3]);
    expect(stock.map((i) => i.id)).toEqual([1, 2, 3, 4]);
  });

  it("counts an unsold item's whole days in stock from the day it was bought, else registered", () => {
    const now = new Date("2026-11-30T12:00:00.000Z");
    expect(daysInStockOf(item(1, "A", "in_stock", { purchaseDate: "2026-11-20T00:00:00.000Z" }), now)).toBe(
      10,
    );
    expect(daysInStockOf(item(2, "B", "in_stock", { createdAt: "2026-11-30T08:00:00.000Z" }), now)).toBe(0);
    const sale = { id: 1, salePrice: "1", fees: "0", profit: "1", saleDate: "", buyer: null, platform: null };
    expect(daysInStockOf(item(3, "C", "sold", { sale }), now)).toBeNull();
  });

  it("exports a neutralised, pt-PT CSV", () => {
    const lines = inventoryCsv(items, createFormatter())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0].split(";")[4]).toBe("Data de compra");
    expect(lines[2].split(";").slice(0, 14)).toEqual([
      "Casaco",
      "",
      "",
      "",
      "",
      "10,00",
      "0,00",
      "1",
      // bought in the books' currency: no purchase currency, amount or rate
      "",
      "",
      "",
      "Vendido",
      "30,00",
      "19,00",
    ]);
    expect(lines[3].startsWith("'=cmd")).toBe(true);
  });

  describe("labels in the language in force", () => {
    afterAll(() => i18n.changeLanguage("pt"));

    it("names statuses and filters, an unknown status as it came", async () => {
      await i18n.changeLanguage("pt");
      expect(statusLabel("transit")).toBe("Em Trânsito");
      expect(statusFilterLabels()).toEqual({
        all: "Todos os estados",
        in_stock: "Em Stock",
        sold: "Vendido",
        pending: "Pendente",
        transit: "Em Trânsito",
      });
      expect(statusLabel("lost")).toBe("lost");
      await i18n.changeLanguage("en");
      expect(statusLabel("sold")).toBe("Sold");
      expect(statusFilterLabels().all).toBe("All statuses");
      await i18n.changeLanguage("es");
      expect(statusLabel("in_stock")).toBe("En stock");
    });
  });
});
