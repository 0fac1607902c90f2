/**
 * What the client and the server both know of the supported retailers: the shape of a platform's
 * catalogue entry (label, hosts, default interval, sample URL, how the id sits in a URL, its texts)
 * and the rules read from it (which platform a pasted URL is, the product id in a URL, a
 * configuration's URLs). The entries themselves live each in its platform's one file
 * (server/src/engine/platforms/<key>.ts); the server builds its catalogue from them and sends the
 * same entries to the browser (GET /api/platforms), which builds the same catalogue.
 */
import { httpUrl } from "./http-url.js";
import { type SearchTarget, searchTargetOf } from "./search-url.js";
import { z } from "./zod-pt.js";

/** a regular expression as text, so that an entry travels as JSON */
const patternSchema = z.object({ source: z.string(), flags: z.string() });
const asPattern = (re: RegExp) => ({ source: re.source, flags: re.flags });
const compiled = new Map<string, RegExp>();
/** the pattern as a RegExp, compiled once (the engine reads an id on every check) */
function toRegExp(p: z.infer<typeof patternSchema>): RegExp {
  const key = `${p.flags}/${p.source}`;
  let re = compiled.get(key);
  if (!re) {
    re = new RegExp(p.source, p.flags.replace(/[gy]/g, "")); // no lastIndex state shared between calls
    compiled.set(key, re);
  }
  return re;
}

/**
 * Where the product (or member) id sits in a URL. Rules are tried in order; the first that yields
 * wins. `path`: the first capture of `pattern` in the path. `query`: the parameter `name` when its
 * whole value matches `pattern`.
 */
const idRuleSchema = z.discriminatedUnion("in", [
  z.object({ in: z.literal("path"), pattern: patternSchema }),
  z.object({ in: z.literal("query"), name: z.string(), pattern: patternSchema }),
]);
export type IdRule = z.infer<typeof idRuleSchema>;

/** the id is the first capture of `re` in the URL's path */
export const idInPath = (re: RegExp): IdRule => ({ in: "path", pattern: asPattern(re) });
/** the id is the query parameter `name` when its whole value matches `re` */
export const idInQuery = (name: string, re: RegExp): IdRule => ({
  in: "query",
  name,
  pattern: asPattern(re),
});
/** the store's page for a product whose id matches `idPattern`: `template` with {id} replaced */
export const productPage = (template: string, idPattern: RegExp) => ({
  template,
  idPattern: asPattern(idPattern),
});

/** what people read about a platform in the product modal, per interface language */
const platformTextsSchema = z.object({ description: z.string(), configHelp: z.string() });
export type PlatformTexts = z.infer<typeof platformTextsSchema>;

export const platformInfoSchema = z.object({
  key: z.string(),
  label: z.string(),
  sampleUrl: z.string(),
  /** milliseconds */
  defaultInterval: z.number(),
  /** host names (and their subdomains) whose URLs belong to the platform */
  hosts: z.array(z.string()),
  /**
   * any public https page not on another platform's hosts belongs to it ("Outra loja"): its reader
   * finds the store's kind by itself; `hosts` is then empty
   */
  anyHost: z.boolean().optional(),
  /**
   * behind a bot manager that answers plain HTTP clients with a JavaScript challenge: a blocked
   * check may be retried in headless Chromium when the browser route is on
   */
  browser: z.boolean().optional(),
  idRules: z.array(idRuleSchema),
  /** the id is written in capitals whatever the URL's case (Calzedonia's product codes) */
  idUpperCase: z.boolean().optional(),
  /** configuration keys that hold a URL the engine fetches (checked to be on the platform's hosts) */
  configUrlKeys: z.array(z.string()).optional(),
  /** the URL is a member's profile: its new items are watched, not a product's sizes (Vinted) */
  profile: z.boolean().optional(),
  /** how a search URL of the platform is read (common/search-url.ts); absent: products only */
  search: z.enum(["vinted", "shopify"]).optional(),
  /** the user may name the variants to watch, "Preto / M" (AliExpress) */
  variants: z.boolean().optional(),
  /** the store's own page for a product whose id matches `idPattern`: `template` with {id} replaced */
  productPage: z.object({ template: z.string(), idPattern: patternSchema }).optional(),
  texts: z.object({ pt: platformTextsSchema, en: platformTextsSchema, es: platformTextsSchema }),
  /**
   * the retailer's request budget, for all engine processes together, when it differs from the
   * default (a retailer known to block early gets a lower one); the admin may change it per host
   */
  budget: z.object({ perMinute: z.number(), atOnce: z.number() }).optional(),
});
export type PlatformInfo = z.infer<typeof platformInfoSchema>;
export const platformListSchema = z.array(platformInfoSchema);

/**
 * The readers "Outra loja" tries, by the source name a check reports, as people read them in the
 * modal's preview and "Testar agora" (proper names: the same in every language).
 */
const READER_NAMES: Readonly<Record<string, string>> = {
  "shopify-products-js": "Shopify (/products/….js)",
  "sfra-product-variation": "Salesforce SFRA (Product-Variation)",
  "json-ld": "JSON-LD (schema.org)",
  microdata: "Microdata (schema.org)",
  "open-graph": "Open Graph",
};

/** the reader's name for people; a route name it does not know as it came ("storefront-api") */
export const readerName = (source: string): string => READER_NAMES[source] ?? source;

/** a key the catalogue does not know stays a string: products saved under it are still shown */
export type PlatformKey = string;

/** true when the URL's host is one of `hosts` or a subdomain of one */
export function urlOnHosts(url: string, hosts: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

/**
 * an https URL on a public host name (a dotted name ending in letters): "Outra loja" takes no IP
 * literal, no "localhost" and no intranet name; the address guard still checks what the name resolves to
 */
function isPublicHttpsName(url: string): boolean {
  const parsed = httpUrl(url.trim());
  if (parsed?.protocol !== "https:") return false;
  const host = parsed.hostname.toLowerCase();
  return /^[a-z0-9.-]+\.[a-z][a-z0-9-]*[a-z0-9]$/.test(host) && !/(^|\.)localhost$/.test(host);
}

function idByRules(info: PlatformInfo, url: URL): string | null {
  for (const rule of info.idRules) {
    const re = toRegExp(rule.pattern);
    if (rule.in === "path") {
      const found = re.exec(url.pathname)?.[1];
      if (found) return found;
    } else {
      const value = url.searchParams.get(rule.name);
      if (value && re.test(value)) return value;
    }
  }
  return null;
}

/**
 * The platform's product id in a URL, whatever its host: the adapters read it from a product's URL
 * (already checked to belong to the platform when it was saved). The one rule per platform: the
 * product form, the server's schema, the preview and the engine all come here.
 */
export function productIdInUrl(info: PlatformInfo, url: string): string | null {
  const parsed = httpUrl(url);
  const id = parsed && idByRules(info, parsed);
  if (!id) return null;
  try {
    const decoded = decodeURIComponent(id);
    return info.idUpperCase ? decoded.toUpperCase() : decoded;
  } catch {
    return null;
  }
}

/** The platforms, in the order the product modal offers them, and every rule read from them. */
export class PlatformCatalogue {
  readonly list: readonly PlatformInfo[];
  readonly keys: readonly string[];
  private readonly byKey: Map<string, PlatformInfo>;

  constructor(list: readonly PlatformInfo[]) {
    this.list = list;
    this.keys = list.map((p) => p.key);
    this.byKey = new Map(list.map((p) => [p.key, p]));
  }

  has(key: unknown): key is PlatformKey {
    return typeof key === "string" && this.byKey.has(key);
  }

  get(key: string): PlatformInfo | undefined {
    return this.byKey.get(key);
  }

  /** the platform's name for people ("H&M"); an unknown key as it came */
  label(key: string): string {
    return this.byKey.get(key)?.label ?? key;
  }

  /** the store's own page for the product: its page by id where the platform has one, else the site */
  pageUrl(product: { platform: string; productId: string; url: string }): string {
    // another store: its product page is the one pasted (the origin says nothing)
    if (this.byKey.get(product.platform)?.anyHost && httpUrl(product.url)) return product.url;
    const page = this.byKey.get(product.platform)?.productPage;
    if (page && toRegExp(page.idPattern).test(product.productId)) {
      return page.template.replace("{id}", encodeURIComponent(product.productId));
    }
    try {
      return new URL(product.url).origin;
    } catch {
      return product.url;
    }
  }

  /** the platform watches a member's profile (its items), not a product's sizes and price */
  watchesProfile(key: string): boolean {
    return this.byKey.get(key)?.profile === true;
  }

  /** the search a pasted URL of the platform asks for; null for a product (or member) page */
  searchOf(key: string, url: string): SearchTarget | null {
    const info = this.byKey.get(key);
    return info && urlOnHosts(url, info.hosts) ? searchTargetOf(info.search, url) : null;
  }

  /** platforms whose blocked checks may take the browser route */
  isBrowserCapable(key: string): boolean {
    return this.byKey.get(key)?.browser === true;
  }

  /**
   * true when the URL's host is one of the platform's hosts or a subdomain of one; for a platform of
   * any host, when the URL is https and on no other platform's hosts
   */
  urlBelongsTo(url: string, key: string): boolean {
    const info = this.byKey.get(key);
    if (!info) return false;
    if (info.anyHost) return isPublicHttpsName(url) && this.namedPlatformOf(url) === null;
    return urlOnHosts(url, info.hosts);
  }

  /** the platform whose hosts name the URL's (any-host platforms left out) */
  private namedPlatformOf(url: string): PlatformKey | null {
    return this.list.find((p) => !p.anyHost && urlOnHosts(url, p.hosts))?.key ?? null;
  }

  /** the platform of any host ("Outra loja"), if the catalogue has one */
  private anyHostKey(): PlatformKey | null {
    return this.list.find((p) => p.anyHost)?.key ?? null;
  }

  /** what the card calls the store: the platform's name, or for "Outra loja" the site's own host */
  storeName(product: { platform: string; url: string }): string {
    if (this.byKey.get(product.platform)?.anyHost) {
      const host = httpUrl(product.url)?.hostname;
      if (host) return host.replace(/^www\./, "");
    }
    return this.label(product.platform);
  }

  /**
   * The platform a pasted URL belongs to, read from the host lists (a subdomain such as www. or pt.
   * counts); null for another site, a look-alike host, or text that is not an http(s) URL.
   */
  platformOfUrl(url: string): PlatformKey | null {
    const parsed = httpUrl(url.trim());
    if (!parsed) return null;
    const named = this.namedPlatformOf(url.trim());
    if (named) return named;
    const any = this.anyHostKey();
    return any && isPublicHttpsName(url.trim()) ? any : null;
  }

  /** the platform's product id in a pasted URL; null for garbage, another site or a non-product page */
  productIdFromUrl(key: string, url: string): string | null {
    const info = this.byKey.get(key);
    return info && this.urlBelongsTo(url, key) ? productIdInUrl(info, url) : null;
  }

  /** "O URL não pertence à plataforma Zara (zara.com)" when the URL is on another site, else null */
  urlProblem(key: string, url: string): string | null {
    const info = this.byKey.get(key);
    if (!info || this.urlBelongsTo(url, key)) return null;
    if (info.anyHost) {
      const named = this.namedPlatformOf(url);
      if (named) return `O URL é da plataforma ${this.label(named)}: escolha-a em vez de ${info.label}`;
      return `${info.label} aceita só páginas https públicas`;
    }
    return `O URL não pertence à plataforma ${info.label} (${info.hosts.join(", ")})`;
  }

  /**
   * What is wrong with the URLs of a product's configuration (JSON text), or null: a URL the engine
   * fetches must be http(s) on one of the platform's hosts, exactly as the product URL.
   */
  configUrlProblem(key: string, config: string | null | undefined): string | null {
    const info = this.byKey.get(key);
    if (!info?.configUrlKeys || !config) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(config);
    } catch {
      return null; // the JSON rule reports it
    }
    if (!parsed || typeof parsed !== "object") return null;
    for (const name of info.configUrlKeys) {
      const value = (parsed as Record<string, unknown>)[name];
      if (value === undefined || value === null) continue;
      if (typeof value !== "string" || !httpUrl(value))
        return `O ${name} da configuração não é um URL válido`;
      if (!this.urlBelongsTo(value, key)) {
        return `O ${name} da configuração não pertence à plataforma ${info.label} (${info.hosts.join(", ")})`;
      }
    }
    return null;
  }
}
