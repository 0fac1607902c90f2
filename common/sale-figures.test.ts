import { describe, expect, it } from "vitest";
import { createFormatter } from "./format.js";
import { daysInStock, saleReturn } from "./sale-figures.js";
import type { Sale } from "./schemas/sales.js";

const item = (overrides: Partial<NonNullable<Sale["item"]>> = {}): NonNullable<Sale["item"]> => ({
  id: 1,
  name: "Ténis",
  sku: null,
  size: null,
  price: "40.00",
  shippingPrice: "5.00",
  quantity: 1,
  purchaseDate: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  ...overrides,
});

describe("a sale's own figures", () => {
  it("returns profit over the item's price and shipping, exactly; none without a cost or an item", () => {
    expect(saleReturn({ profit: "22.50", item: item() })).toBe(50);
    expect(saleReturn({ profit: "-4.50", item: item() })).toBe(-10);
    expect(saleReturn({ profit: "10.00", item: item({ price: "0.00", shippingPrice: "0.00" }) })).toBeNull();
    expect(saleReturn({ profit: "10.00", item: null })).toBeNull();
  });

  it("measures a sale of some units of a lot on those units' cost", () => {
    // 3 units at 40 € + 5 € shipping each cost 135 €; 27 € profit is 20 %
    expect(saleReturn({ profit: "27.00", item: item({ quantity: 3 }) })).toBe(20);
  });

  it("counts days in stock from the purchase day, else the registration day on the user's calendar", () => {
    const lisbon = createFormatter({ timezone: "Europe/Lisbon" });
    const newYork = createFormatter({ timezone: "America/New_York" });
    // bought on 1 Nov (a day alone), sold at 02:00 UTC on 14 Nov: 14 Nov in Lisbon
    const bought = item({ purchaseDate: "2026-11-01T00:00:00.000Z" });
    expect(daysInStock({ saleDate: "2026-11-14T02:00:00.000Z", item: bought }, lisbon)).toBe(13);
    // in New York that instant is still 13 Nov; the purchase day stays the day typed
    expect(daysInStock({ saleDate: "2026-11-14T02:00:00.000Z", item: bought }, newYork)).toBe(12);
    // no purchase day: registered at 10:00 UTC on 1 Nov, sold the same day
    expect(daysInStock({ saleDate: "2026-11-01T18:00:00.000Z", item: item() }, lisbon)).toBe(0);
    // a sale dated before the item came in, and an item gone, have no figure
    expect(daysInStock({ saleDate: "2026-10-20T12:00:00.000Z", item: bought }, lisbon)).toBeNull();
    expect(daysInStock({ saleDate: "2026-11-13T12:00:00.000Z", item: null }, lisbon)).toBeNull();
  });
});
