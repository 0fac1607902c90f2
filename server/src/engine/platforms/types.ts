/**
 * The contract between the engine and a platform adapter. An adapter turns a product URL into
 * requests (through `ctx.http`, which paces, proxies, keeps cookies and guards addresses) and the
 * responses into a result with pure parse functions that are tested on fixtures.
 */

export type StockStatus = "in_stock" | "low_stock" | "out_of_stock" | "unknown";
export type ProfileStatus = "vinted_active" | "vinted_vacation";

export interface SizeInfo {
  name: string;
  available: boolean;
  lowStock?: boolean;
  /** Shopify variant id (add-to-cart link), AliExpress skuId, … */
  variantId?: string;
}

export interface ProductResult {
  kind: "product";
  status: StockStatus;
  /** names of the sizes/variants that can be bought now */
  sizes: string[];
  allSizes?: SizeInfo[];
  /** decimal text in euros, e.g. "29.95"; null when the page does not say */
  price: string | null;
  name?: string;
  imageUrl?: string;
  /** Shopify: a `/cart/<variantId>:1` link per available size */
  cartLinks?: { size: string; url: string }[];
  /** which route answered, e.g. "storefront-api" or "json-ld" (for logs) */
  source?: string;
}

export interface ProfileItem {
  id: string;
  title: string;
  price: string | null;
  url: string;
  imageUrl?: string;
  size?: string;
  brand?: string;
}

export interface ProfileResult {
  kind: "profile";
  status: ProfileStatus;
  /** visible, buyable wardrobe items (reserved/hidden/closed ones left out) */
  items: ProfileItem[];
  name?: string;
  imageUrl?: string;
  source?: string;
}

export type CheckResult = ProductResult | ProfileResult;

/** Why a check could not tell. Never mapped to out_of_stock. */
export type FailureReason = "blocked" | "timeout" | "unexpected" | "not_found" | "network";

export class CheckFailure extends Error {
  constructor(
    public readonly reason: FailureReason,
    message: string,
    /** for `blocked`: the host to back off */
    public readonly host?: string,
  ) {
    super(message);
    this.name = "CheckFailure";
  }
}

export interface HttpRequest {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** platform key whose browser-like header set is used (defaults to the adapter's) */
  profile?: string;
  timeoutMs?: number;
}

export interface HttpResponse {
  status: number;
  /** lower-case header names */
  headers: Record<string, string>;
  body: string;
  /** final URL after redirects */
  url: string;
}

export interface HttpClient {
  /** Throws CheckFailure('timeout' | 'network' | 'blocked') for transport failures and SSRF refusals;
   * any HTTP status is returned as is (the adapter decides what it means). */
  request(req: HttpRequest): Promise<HttpResponse>;
  /** forget the cookie jar of a host (Vinted renews its session on 401) */
  resetCookies(host: string): void;
}

export interface ProductToCheck {
  url: string;
  productId: string;
  /** parsed JSON configuration, {} when empty */
  config: Record<string, unknown>;
  /** aliexpress: the variants the user watches ("Preto / M"); empty = all */
  variants: string[];
}

export interface AdapterContext {
  http: HttpClient;
  product: ProductToCheck;
}

export interface PlatformAdapter {
  key: string;
  check(ctx: AdapterContext): Promise<CheckResult>;
}
