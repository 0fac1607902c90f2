import type { AlertKind, AlertPayload } from "./notify/alert.js";

/** what every alert of a monitor says of it: the product (or search) as stored */
export interface AlertSubject {
  id: number;
  name: string;
  url: string;
  platform: string;
  imageUrl: string | null;
  price: string | null;
  /** ISO 4217 code of `price`; absent = EUR */
  currency?: string;
}

/** items go out in alerts of this many: one Discord message holds 10 embeds */
export const ITEMS_PER_ALERT = 10;

export function chunk<T>(list: T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < list.length; i += size) parts.push(list.slice(i, i + size));
  return parts;
}

export function alertBase(s: AlertSubject, kind: AlertKind, status: string, at: Date): AlertPayload {
  return {
    kind,
    productId: s.id,
    productName: s.name,
    productUrl: s.url,
    platform: s.platform,
    status,
    imageUrl: s.imageUrl,
    price: s.price,
    currency: s.currency ?? "EUR",
    sizes: [],
    newSizes: [],
    at: at.toISOString(),
  };
}
