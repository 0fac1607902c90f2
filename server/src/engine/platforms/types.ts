/**
 * The contract between the engine and a platform adapter. An adapter turns a product URL into
 * requests (through `ctx.http`, which paces, proxies, keeps cookies and guards addresses) and the
 * responses into a result with pure parse functions that are tested on fixtures.
 */
import type { FailureReason } from "@common/activity.js";
import type { PlatformInfo } from "@common/platforms";
import type { SearchItem } from "@common/search-rules";
import type { PageParser } from "../parse/pool.js";

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
  /** decimal text in `currency`, e.g. "29.95"; null when the page does not say */
  price: string | null;
  /**
   * ISO 4217 code of `price` as the store stated it ("EUR", "JPY"); left out when nothing states it,
   * and the gate then keeps the amount without a currency (NO_CURRENCY), never as euros
   */
  currency?: string;
  name?: string;
  imageUrl?: string;
  /** Shopify: a `/cart/<variantId>:1` link per available size */
  cartLinks?: { size: string; url: string }[];
  /** which route answered, e.g. "storefront-api" or "json-ld" (for logs) */
  source?: string;
  /** "browser" when headless Chromium answered after the plain client was blocked */
  route?: "browser";
  /**
   * product-level readings of availability ("available", "availability.status", "ATS" → buyable or
   * not), checked against the sizes by the verdict gate (support/verdict.ts) and removed there
   */
  productSignals?: Signals;
}

/** named readings of one thing's availability; undefined = the answer did not carry that field */
export type Signals = Record<string, boolean | undefined>;

export interface ProfileItem {
  id: string;
  title: string;
  price: string | null;
  /** ISO 4217 code of `price` */
  currency?: string;
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

/** a search page read: its items, newest first, the rules not yet applied */
export interface SearchResult {
  kind: "search";
  /** a search that answered is running; the card says so */
  status: "search_active";
  items: SearchItem[];
  name?: string;
  imageUrl?: string;
  source?: string;
}

export type CheckResult = ProductResult | ProfileResult | SearchResult;

/** Why a check could not tell (common/activity.ts). Never mapped to out_of_stock. */
export type { FailureReason } from "@common/activity.js";

export class CheckFailure extends Error {
  constructor(
    public readonly reason: FailureReason,
    message: string,
    /** for `blocked`: the host to back off */
    public readonly host?: string,
    /** for `blocked`: the anti-bot wall that answered, when its page showed it ("Cloudflare") */
    public readonly wall?: string,
  ) {
    super(message);
    this.name = "CheckFailure";
  }
}

/**
 * a check not sent at all: its host is paused after a block (back-off) until `until` (epoch ms);
 * the product keeps that time so the card can say why its checks fail
 */
export class HostPaused extends CheckFailure {
  constructor(
    host: string,
    public readonly until: number,
    /** the wall whose block began the pause, if its page showed it */
    wall?: string,
  ) {
    const left = `mais ${Math.ceil((until - Date.now()) / 1000)} s`;
    super("blocked", `Site em pausa após bloqueio (${wall ? `${wall}, ${left}` : left})`, host, wall);
    this.name = "HostPaused";
  }
}

/** a request the SSRF guard refused (private, loopback or unresolvable address): never retried */
export class RefusedAddress extends CheckFailure {
  /** the guard's own words ("Não foi possível resolver o endereço"), for a field's error */
  constructor(readonly why: string) {
    super("network", `Pedido recusado: ${why}`);
    this.name = "RefusedAddress";
  }
}

export interface HttpRequest {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** the browser-like header set to send (defaults to the platform's `headerProfile`) */
  profile?: HeaderProfile;
  timeoutMs?: number;
  /** the body as bytes in `HttpResponse.bytes` (an image), capped at `maxBytes` */
  binary?: boolean;
  maxBytes?: number;
}

export interface HttpResponse {
  status: number;
  /** lower-case header names */
  headers: Record<string, string>;
  body: string;
  /** the body's bytes, when the request asked for them (`binary`); `body` is then "" */
  bytes?: Buffer;
  /** final URL after redirects */
  url: string;
}

export interface HttpClient {
  /** Throws CheckFailure('timeout' | 'network' | 'blocked') for transport failures and SSRF refusals;
   * any HTTP status is returned as is (the adapter decides what it means). */
  request(req: HttpRequest): Promise<HttpResponse>;
  /** forget the cookie jar of a host (Vinted renews its session on 401) */
  resetCookies(host: string): void;
  /**
   * one object per platform and engine, the same for every check's client: adapters key what they
   * remember per engine (a session bootstrapped, a token) on it rather than on the client itself
   */
  readonly state?: object;
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
  /** aborted when the check runs out of time or the engine stops (heavy parses listen to it) */
  signal?: AbortSignal;
}

/**
 * which browser-like header set a platform's requests carry (fetch/browser-headers.ts): "api" for
 * adapters that mostly call JSON endpoints (a page-looking URL still gets the page set), "page" else
 */
export type HeaderProfile = "api" | "page";

export interface PlatformAdapter {
  key: string;
  headerProfile: HeaderProfile;
  check(ctx: AdapterContext): Promise<CheckResult>;
  /** the parser of a whole HTML page that the parse pool may run in a worker (parse/pool.ts) */
  pageParser?: PageParser;
}

/**
 * One platform in the engine: its catalogue entry (label, hosts, default interval, …, which the
 * browser gets too), its place in the modal's list, plus how the engine reads it. Each platform file
 * exports one (support/define-platform.ts `definePlatform`) and the registry (index.ts) finds them.
 */
export interface PlatformModule extends PlatformInfo, PlatformAdapter {
  /** place in the product modal's list, ascending; the first is a new product's platform */
  order: number;
  /** the product (or member) id in a product's URL, whatever its host: the catalogue's rule */
  idFromUrl(url: string): string | null;
}
