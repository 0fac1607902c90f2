/**
 * What one check of a product read, as "Testar agora" shows it and the card's "Falha na
 * verificação" opens it. Kept per product (the last one) by the server.
 */
export interface CheckExchange {
  method: string;
  url: string;
  /** null when no answer came (timeout, refused, network) */
  status: number | null;
  ms: number;
}

export interface CheckDetailSize {
  name: string;
  available: boolean;
  lowStock: boolean;
}

export interface CheckDetailItem {
  title: string;
  url: string;
  price: string | null;
  /** ISO 4217 code of `price` */
  currency: string;
}

export interface CheckDetail {
  /** ISO time the check started */
  at: string;
  /** "test": Testar agora; "engine": a scheduled check that failed */
  trigger: "test" | "engine";
  ok: boolean;
  durationMs: number;
  /** the adapter's route that answered, e.g. "storefront-api" */
  route: string | null;
  exchanges: CheckExchange[];
  /** the verdict: a product or profile status; null on failure */
  status: string | null;
  name: string | null;
  imageUrl: string | null;
  /** decimal text */
  price: string | null;
  /** ISO 4217 code of `price` */
  currency: string;
  sizes: CheckDetailSize[];
  /** Vinted profiles: the items on sale */
  items: CheckDetailItem[];
  failure: { reason: string; label: string; message: string } | null;
  /** the start of the last answer, on failure */
  excerpt: string | null;
}
