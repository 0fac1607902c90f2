import type { PriceHistory, PriceSummary } from "@common/schemas/price-history.js";
import type { Conn } from "../db/client.js";
import { priceHistoryRepository } from "../repositories/price-history.js";
import { findOwnProduct } from "./products.js";

/** a price change is history for a year… */
export const PRICE_HISTORY_DAYS = 365;
/** …and a monitor keeps at most this many (a price that flips every check stays bounded) */
export const PRICE_HISTORY_MAX_POINTS = 500;

/** the user's product's price history (another user's product answers 404) */
export async function ownPriceHistory(db: Conn, userId: number, productId: number): Promise<PriceHistory> {
  await findOwnProduct(db, userId, productId);
  return { points: await priceHistoryRepository.listForProduct(db, productId) };
}

/** the card's price line of each of the user's products that has a history */
export function priceSummaries(db: Conn, userId: number): Promise<Map<number, PriceSummary>> {
  return priceHistoryRepository.summariesForUser(db, userId);
}

export function prunePriceHistory(db: Conn): Promise<number> {
  return priceHistoryRepository.prune(db, PRICE_HISTORY_DAYS, PRICE_HISTORY_MAX_POINTS);
}
