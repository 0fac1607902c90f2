/** What one sale earned on what its item cost, and how long the item waited: the sales list's figures. */
import type { Formatter } from "./format.js";
import { toCents } from "./money.js";
import type { Sale } from "./schemas/sales.js";

/**
 * Return on the item's cost: profit ÷ ((price + shipping) × units sold) × 100. Null when the item is gone (its cost
 * is unknown) or cost nothing (no ratio to give).
 */
export function saleReturn(sale: Pick<Sale, "profit" | "item">): number | null {
  if (!sale.item) return null;
  const cost = (toCents(sale.item.price) + toCents(sale.item.shippingPrice)) * BigInt(sale.item.quantity);
  if (cost <= 0n) return null;
  return (Number(toCents(sale.profit)) / Number(cost)) * 100;
}

const DAY_MS = 86_400_000;

/**
 * Whole days from the item coming into stock (the day it was bought, else the day it was registered
 * on the user's calendar) to the sale's day. Null when the item is gone, or when the sale is dated
 * before the item came in (a past sale registered today without its purchase day): unknown, not 0.
 */
export function daysInStock(sale: Pick<Sale, "saleDate" | "item">, f: Formatter): number | null {
  if (!sale.item) return null;
  const from = sale.item.purchaseDate ? sale.item.purchaseDate.slice(0, 10) : f.day(sale.item.createdAt);
  const to = f.saleDay(sale.saleDate);
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
  return days < 0 ? null : days;
}
