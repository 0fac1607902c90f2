/**
 * The platform catalogue: one entry per supported retailer, holding every fact about it that the
 * client needs too (label, hosts, default interval in milliseconds, sample URL, the id in a URL).
 * The product modal, the server's validation and the engine all read it; the engine's record of a
 * platform (server/src/engine/platforms/<key>.ts) spreads its entry and adds the check. The texts
 * people read about a platform (description, configuration help) are in the client's catalogues.
 */
export const PLATFORM_KEYS = [
  "zara",
  "aliexpress",
  "popmart",
  "hm",
  "calzedonia",
  "havaianas",
  "vinted",
  "worten",
  "fnac",
  "levis",
  "nudeproject",
] as const;
export type PlatformKey = (typeof PLATFORM_KEYS)[number];

export interface PlatformInfo {
  key: PlatformKey;
  label: string;
  sampleUrl: string;
  defaultInterval: number;
  /** host names (and their subdomains) whose URLs belong to the platform */
  hosts: string[];
  /**
   * behind a bot manager that answers plain HTTP clients with a JavaScript challenge: a blocked
   * check may be retried in headless Chromium when the browser route is on
   */
  browser?: true;
  /**
   * the product (or member) id in a URL's path and query, whatever its host; `productIdInUrl` adds
   * the protocol check and the decoding
   */
  idInUrl: (url: URL) => string | null;
  /** configuration keys that hold a URL the engine fetches (checked to be on the platform's hosts) */
  configUrlKeys?: string[];
}

/** the first capture of the first pattern that matches `text` */
function firstMatch(text: string, patterns: RegExp[]): string | null {
  for (const pattern of patterns) {
    const found = pattern.exec(text)?.[1];
    if (found) return found;
  }
  return null;
}

export const PLATFORMS: Record<PlatformKey, PlatformInfo> = {
  zara: {
    key: "zara",
    label: "Zara",
    sampleUrl: "https://www.zara.com/pt/pt/casaco-comprido-la-p02015602.html?v1=364118231",
    defaultInterval: 5_000,
    hosts: ["zara.com"],
    browser: true,
    // the internal colour id `v1` is what the APIs take; the 8-digit SEO reference is resolved later
    idInUrl: (u) => {
      const v1 = u.searchParams.get("v1");
      return v1 && /^\d+$/.test(v1) ? v1 : firstMatch(u.pathname, [/-p(\d{8})\.html$/i]);
    },
  },
  aliexpress: {
    key: "aliexpress",
    label: "AliExpress",
    sampleUrl: "https://pt.aliexpress.com/item/1005006123456789.html",
    defaultInterval: 3_000,
    hosts: ["aliexpress.com", "aliexpress.us"],
    browser: true,
    idInUrl: (u) => {
      const fromPath = firstMatch(u.pathname, [/\/item\/(?:[^/]+\/)?(\d{6,20})\.html$/i]);
      const fromQuery = u.searchParams.get("productId");
      return fromPath ?? (fromQuery && /^\d{6,20}$/.test(fromQuery) ? fromQuery : null);
    },
  },
  popmart: {
    key: "popmart",
    label: "Pop Mart",
    sampleUrl: "https://www.popmart.com/pt/products/1991/THE-MONSTERS-Big-into-Energy-Series",
    defaultInterval: 120_000,
    hosts: ["popmart.com"],
    idInUrl: (u) => {
      const segments = u.pathname.split("/").filter(Boolean);
      const kind = segments.findIndex((s) => s === "products" || s === "pop-now");
      return kind < 0 ? null : (segments.slice(kind + 1).find((s) => /^\d+$/.test(s)) ?? null);
    },
  },
  hm: {
    key: "hm",
    label: "H&M",
    sampleUrl: "https://www2.hm.com/pt_pt/productpage.1234567001.html",
    defaultInterval: 75_000,
    hosts: ["hm.com"],
    browser: true,
    idInUrl: (u) => firstMatch(u.pathname, [/productpage\.(\d{10})\.html$/i]),
  },
  calzedonia: {
    key: "calzedonia",
    label: "Calzedonia",
    sampleUrl:
      "https://www.calzedonia.com/pt/product/leggings_active-MIP031.html?dwvar_MIP031_Z_COL_COLLD=019",
    defaultInterval: 3_000,
    hosts: ["calzedonia.com", "intimissimi.com", "tezenis.com", "falconeri.com"],
    idInUrl: (u) => firstMatch(u.pathname, [/-([A-Z0-9]+)\.html$/i])?.toUpperCase() ?? null,
  },
  havaianas: {
    key: "havaianas",
    label: "Havaianas",
    sampleUrl: "https://www.havaianas-store.com/pt/pt/havaianas-top/4000029-BLACK.html",
    defaultInterval: 2_000,
    hosts: ["havaianas-store.com", "havaianas.com"],
    idInUrl: (u) => firstMatch(u.pathname, [/\/(\d{6,8})-[A-Z0-9_]+\.html$/i]),
  },
  vinted: {
    key: "vinted",
    label: "Vinted",
    sampleUrl: "https://www.vinted.pt/member/12345678-utilizador",
    defaultInterval: 180_000,
    hosts: ["vinted.pt", "vinted.com", "vinted.fr", "vinted.es", "vinted.it", "vinted.de"],
    idInUrl: (u) => firstMatch(u.pathname, [/^\/member\/(?:general\/)?(\d+)(?:[-/]|$)/]),
  },
  worten: {
    key: "worten",
    label: "Worten",
    sampleUrl: "https://www.worten.pt/produtos/consola-ps5-slim-7196053",
    defaultInterval: 90_000,
    hosts: ["worten.pt"],
    browser: true,
    // marketplace listings end in -mrkean-<EAN>; the EAN is then the key
    idInUrl: (u) => firstMatch(u.pathname, [/-mrkean-(\d{13})\/?$/, /-(\d{6,8})\/?$/]),
  },
  fnac: {
    key: "fnac",
    label: "Fnac",
    sampleUrl: "https://www.fnac.pt/Consola-PlayStation-5-Slim/a12345678",
    defaultInterval: 90_000,
    hosts: ["fnac.pt"],
    browser: true,
    idInUrl: (u) => firstMatch(u.pathname, [/\/a(\d{4,12})(?:\/|$)/, /^\/mp(\d{4,12})(?:\/|$)/]),
  },
  levis: {
    key: "levis",
    label: "Levi's",
    sampleUrl: "https://www.levi.com/PT/pt_PT/vestuario/homem/jeans/501-original-jeans/p/005010114",
    defaultInterval: 60_000,
    hosts: ["levi.com"],
    configUrlKeys: ["stockUrl"],
    idInUrl: (u) => firstMatch(u.pathname, [/\/p\/([A-Za-z0-9]+)\/?$/]),
  },
  nudeproject: {
    key: "nudeproject",
    label: "Nude Project",
    sampleUrl: "https://nudeproject.com/products/rebel-hoodie-black",
    defaultInterval: 20_000,
    hosts: ["nudeproject.com"],
    idInUrl: (u) => firstMatch(u.pathname, [/\/products\/([^/]+?)(?:\.js|\.json)?\/?$/]),
  },
};

export const PLATFORM_LIST: PlatformInfo[] = PLATFORM_KEYS.map((k) => PLATFORMS[k]);

export function isPlatformKey(value: unknown): value is PlatformKey {
  return typeof value === "string" && (PLATFORM_KEYS as readonly string[]).includes(value);
}

/** the platform's name for people ("H&M"); an unknown key as it came */
export const platformLabel = (key: string) => (isPlatformKey(key) ? PLATFORMS[key].label : key);

/** platforms whose blocked checks may take the browser route */
export function isBrowserCapable(key: string): boolean {
  return isPlatformKey(key) && PLATFORMS[key].browser === true;
}

/** true when the URL's host is one of the platform's hosts or a subdomain of one */
export function urlBelongsToPlatform(url: string, key: PlatformKey): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return PLATFORMS[key].hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

/**
 * The platform a pasted URL belongs to, read from the catalogue's host lists (a subdomain such as
 * www. or pt. counts); null for another site, a look-alike host, or text that is not an http(s) URL.
 */
export function platformOfUrl(url: string): PlatformKey | null {
  let protocol: string;
  try {
    protocol = new URL(url.trim()).protocol;
  } catch {
    return null;
  }
  if (protocol !== "https:" && protocol !== "http:") return null;
  return PLATFORM_KEYS.find((key) => urlBelongsToPlatform(url.trim(), key)) ?? null;
}

/**
 * What is wrong with the URLs of a product's configuration (JSON text), or null: a URL the engine
 * fetches must be http(s) on one of the platform's hosts, exactly as the product URL.
 */
export function configUrlProblem(key: PlatformKey, config: string | null | undefined): string | null {
  const keys = PLATFORMS[key].configUrlKeys;
  if (!keys || !config) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(config);
  } catch {
    return null; // the JSON rule reports it
  }
  if (!parsed || typeof parsed !== "object") return null;
  for (const name of keys) {
    const value = (parsed as Record<string, unknown>)[name];
    if (value === undefined || value === null) continue;
    const platform = PLATFORMS[key];
    let protocol = "";
    try {
      protocol = typeof value === "string" ? new URL(value).protocol : "";
    } catch {
      // not a URL
    }
    if (protocol !== "https:" && protocol !== "http:") return `O ${name} da configuração não é um URL válido`;
    if (!urlBelongsToPlatform(value as string, key)) {
      return `O ${name} da configuração não pertence à plataforma ${platform.label} (${platform.hosts.join(", ")})`;
    }
  }
  return null;
}

/**
 * The platform's product id in a URL, whatever its host: the adapters read it from a product's URL
 * (already checked to belong to the platform when it was saved). The one rule per platform: the
 * product form, the server's schema, the preview and the engine all come here.
 */
export function productIdInUrl(key: PlatformKey, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  const id = PLATFORMS[key].idInUrl(parsed);
  try {
    return id ? decodeURIComponent(id) : null;
  } catch {
    return null;
  }
}

/** the platform's product id in a pasted URL; null for garbage, another site or a non-product page */
export function productIdFromUrl(key: PlatformKey, url: string): string | null {
  return urlBelongsToPlatform(url, key) ? productIdInUrl(key, url) : null;
}
