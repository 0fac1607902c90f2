/**
 * A Vinted catalogue search (docs/platforms.md): the pasted `/catalog?…` page's filters
 * sent to the same host's `/api/v2/catalog/items`, newest first, one page of 96, after the
 * anonymous-session bootstrap the member route does. Items carry the buyer's total
 * (`total_item_price` = price + `service_fee`) in current answers; when one does not, the total is
 * computed with the buyer-protection formula below (docs/decisions.md).
 */
import { addMoney, centsToDecimal, toCents } from "@common/money";
import type { SearchItem } from "@common/search-rules";
import { searchTargetOf } from "@common/search-url";
import { hostOf, unexpected } from "./platforms/support/blocks";
import { absoluteUrl, isRecord, type Json, num, record, text } from "./platforms/support/json";
import { decimalText } from "./platforms/support/money";
import { withoutUndefined } from "./platforms/support/result";
import { isoCurrency } from "./platforms/support/verdict";
import { flag, itemPrice, mainPhoto, VintedSession } from "./platforms/support/vinted-api";
import type { AdapterContext, SearchResult } from "./platforms/types";

export const SEARCH_PAGE_SIZE = 96;

/**
 * Vinted's Buyer Protection fee on euro sites, Portugal included: a fixed 0,70 € plus 5 % of the
 * item's price (docs/decisions.md, with its sources). Only used when the answer does not state it.
 */
export const BUYER_PROTECTION_EUR = { fixedCents: 70n, percent: 5n };

/** the fee on an item priced `price` euros, rounded half up to the cent */
export function buyerProtectionFee(price: string): string {
  const cents = toCents(price);
  return centsToDecimal(
    BUYER_PROTECTION_EUR.fixedCents + (cents * BUYER_PROTECTION_EUR.percent + 50n) / 100n,
  );
}

/** `{amount, currency_code}` → amount when in `currency` */
function amountIn(value: unknown, currency: string | undefined): string | undefined {
  const money = record(value);
  if (!money) return undefined;
  const code = isoCurrency(money.currency_code);
  if (code && currency && code !== currency) return undefined;
  return decimalText(money.amount) ?? undefined;
}

/** what the buyer pays: the answer's total, else item + fee (+ shipping when the item states it) */
function buyerTotal(item: Json, price: string | null, currency: string | undefined): string | undefined {
  const stated = amountIn(item.total_item_price, currency);
  const shipping = amountIn(item.shipping_fee, currency) ?? amountIn(record(item.shipping)?.price, currency);
  if (stated) return shipping ? addMoney(stated, shipping) : stated;
  if (!price || currency !== "EUR") return undefined;
  const fee = amountIn(item.service_fee, currency) ?? buyerProtectionFee(price);
  return addMoney(price, fee, shipping);
}

/** Vinted states `feedback_reputation` from 0 to 1; some answers already on the 0–5 scale */
function sellerRating(item: Json): number | undefined {
  const user = record(item.user);
  const reputation = num(user?.feedback_reputation);
  if (reputation === undefined || reputation < 0) return undefined;
  const stars = reputation <= 1 ? reputation * 5 : reputation;
  return stars > 5 ? undefined : Math.round(stars * 10) / 10;
}

/** the photo's upload time (`high_resolution.timestamp`, epoch s): when the listing went up */
function publishedAt(item: Json): string | undefined {
  const photo = record(item.photo) ?? record(Array.isArray(item.photos) ? item.photos[0] : undefined);
  const seconds =
    num(record(photo?.high_resolution)?.timestamp) ?? num(item.created_at_ts) ?? num(item.updated_at_ts);
  if (seconds === undefined || seconds < 1_000_000_000 || seconds > 10_000_000_000) return undefined;
  return new Date(seconds * 1000).toISOString();
}

/** listed and buyable: a catalogue item hidden, reserved or closed is left out */
function onSale(item: Json): boolean {
  return (
    flag(item.is_visible) !== false &&
    flag(item.is_hidden) !== true &&
    flag(item.is_reserved) !== true &&
    flag(item.is_closed) !== true &&
    flag(item.is_draft) !== true
  );
}

/** Pure: the catalogue API's body → the items on sale, in the answer's order (newest first) */
export function parseVintedCatalog(body: unknown, origin: string): SearchItem[] {
  const items = record(body)?.items;
  if (!Array.isArray(items)) throw unexpected("pesquisa Vinted sem `items`");
  return items
    .filter(isRecord)
    .filter((item) => text(item.id) && onSale(item))
    .map((item) => {
      const id = text(item.id) as string;
      const { price, currency } = itemPrice(item);
      const known = isoCurrency(currency);
      const shown = known ? price : null;
      return withoutUndefined({
        id,
        title: text(item.title) ?? "",
        price: shown,
        currency: known,
        totalPrice: buyerTotal(item, shown, known),
        url: absoluteUrl(item.url, origin) ?? absoluteUrl(item.path, origin) ?? `${origin}/items/${id}`,
        imageUrl: mainPhoto(item),
        size: text(item.size_title) ?? text(item.size),
        // older items name the brand as text (`brand: "Nike"`), as the member route reads it
        brand: text(item.brand_title) ?? text(record(item.brand)?.title) ?? text(item.brand),
        // catalogue items name their condition `status` ("Muito bom"); older ones `status_title`
        condition:
          text(item.status_title) ?? (typeof item.status === "string" ? text(item.status) : undefined),
        sellerRating: sellerRating(item),
        publishedAt: publishedAt(item),
      }) as SearchItem;
    });
}

/** the catalogue API's path for a pasted catalogue URL: its filters, newest first, one page */
export function vintedCatalogPath(url: string): string {
  const target = searchTargetOf("vinted", url);
  if (target?.dialect !== "vinted") throw unexpected("URL Vinted que não é uma pesquisa (/catalog)");
  const query = new URLSearchParams({
    page: "1",
    per_page: String(SEARCH_PAGE_SIZE),
    ...target.filters,
    order: "newest_first",
  });
  return `/api/v2/catalog/items?${query.toString().replace(/%2C/g, ",")}`;
}

export async function checkVintedSearch(ctx: AdapterContext): Promise<SearchResult> {
  const origin = new URL(ctx.product.url).origin;
  const session = new VintedSession(ctx.http, origin, hostOf(ctx.product.url));
  const body = await session.api(vintedCatalogPath(ctx.product.url));
  const items = parseVintedCatalog(body, origin).slice(0, SEARCH_PAGE_SIZE);
  return { kind: "search", status: "search_active", items, source: "catalog-api" };
}
