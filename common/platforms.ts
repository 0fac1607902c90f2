/**
 * The platform catalogue: one entry per supported retailer. The product modal, the server's
 * validation and the engine all read it. Defaults are in milliseconds.
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
  description: string;
  /** what the optional JSON configuration accepts */
  configHelp: string;
  sampleUrl: string;
  defaultInterval: number;
  /** host names (and their subdomains) whose URLs belong to the platform */
  hosts: string[];
  /**
   * behind a bot manager that answers plain HTTP clients with a JavaScript challenge: a blocked
   * check may be retried in headless Chromium when the browser route is on
   */
  browser?: true;
}

export const PLATFORMS: Record<PlatformKey, PlatformInfo> = {
  zara: {
    key: "zara",
    label: "Zara",
    description: "Produtos da Zara Portugal: estado e tamanhos disponíveis",
    configHelp: 'Opcional: {"storeId": 10701} para fixar a loja; sem ele é lido da página.',
    sampleUrl: "https://www.zara.com/pt/pt/casaco-comprido-la-p02015602.html?v1=364118231",
    defaultInterval: 5_000,
    hosts: ["zara.com"],
    browser: true,
  },
  aliexpress: {
    key: "aliexpress",
    label: "AliExpress",
    description: "Produtos do AliExpress com variantes (cor e tamanho)",
    configHelp:
      'Opcional: {"currency": "EUR", "country": "PT"}. Indique as variantes a vigiar na secção Variantes.',
    sampleUrl: "https://pt.aliexpress.com/item/1005006123456789.html",
    defaultInterval: 3_000,
    hosts: ["aliexpress.com", "aliexpress.us"],
    browser: true,
  },
  popmart: {
    key: "popmart",
    label: "Pop Mart",
    description: "Caixas surpresa e figuras da Pop Mart (loja europeia)",
    configHelp: 'Opcional: {"lowStockThreshold": 5, "area": "PT"}.',
    sampleUrl: "https://www.popmart.com/pt/products/1991/THE-MONSTERS-Big-into-Energy-Series",
    defaultInterval: 120_000,
    hosts: ["popmart.com"],
  },
  hm: {
    key: "hm",
    label: "H&M",
    description: "Produtos da H&M Portugal por tamanho",
    configHelp: 'Opcional: {"country": "pt"}.',
    sampleUrl: "https://www2.hm.com/pt_pt/productpage.1234567001.html",
    defaultInterval: 75_000,
    hosts: ["hm.com"],
    browser: true,
  },
  calzedonia: {
    key: "calzedonia",
    label: "Calzedonia",
    description: "Produtos da Calzedonia Portugal (também Intimissimi e Tezenis)",
    configHelp:
      'Opcional: {"siteId": "calzedonia-pt", "locale": "pt_PT", "color": "019"}; sem ele é lido da página.',
    sampleUrl:
      "https://www.calzedonia.com/pt/product/leggings_active-MIP031.html?dwvar_MIP031_Z_COL_COLLD=019",
    defaultInterval: 3_000,
    hosts: ["calzedonia.com", "intimissimi.com", "tezenis.com", "falconeri.com"],
  },
  havaianas: {
    key: "havaianas",
    label: "Havaianas",
    description: "Chinelos da loja europeia da Havaianas por tamanho",
    configHelp: 'Opcional: {"sizeAttribute": "size"}.',
    sampleUrl: "https://www.havaianas-store.com/pt/pt/havaianas-top/4000029-BLACK.html",
    defaultInterval: 2_000,
    hosts: ["havaianas-store.com", "havaianas.com"],
  },
  vinted: {
    key: "vinted",
    label: "Vinted",
    description: "Perfil de um membro da Vinted: artigos novos e modo férias",
    configHelp: 'Opcional: {"maxItems": 20}. O URL é o perfil do membro.',
    sampleUrl: "https://www.vinted.pt/member/12345678-utilizador",
    defaultInterval: 180_000,
    hosts: ["vinted.pt", "vinted.com", "vinted.fr", "vinted.es", "vinted.it", "vinted.de"],
  },
  worten: {
    key: "worten",
    label: "Worten",
    description: "Produtos da Worten (eletrónica, consolas)",
    configHelp: "Sem configuração adicional.",
    sampleUrl: "https://www.worten.pt/produtos/consola-ps5-slim-7196053",
    defaultInterval: 90_000,
    hosts: ["worten.pt"],
    browser: true,
  },
  fnac: {
    key: "fnac",
    label: "Fnac",
    description: "Produtos da Fnac Portugal vendidos pela Fnac",
    configHelp: 'Opcional: {"fnacOnly": true} para ignorar vendedores parceiros.',
    sampleUrl: "https://www.fnac.pt/Consola-PlayStation-5-Slim/a12345678",
    defaultInterval: 90_000,
    hosts: ["fnac.pt"],
    browser: true,
  },
  levis: {
    key: "levis",
    label: "Levi's",
    description: "Produtos da Levi's Portugal; o URL de stock é derivado da página",
    configHelp:
      'Opcional: {"stockUrl": "https://www.levi.com/nextgen-webhooks/?operationName=product&locale=PT-pt_PT"}.',
    sampleUrl: "https://www.levi.com/PT/pt_PT/vestuario/homem/jeans/501-original-jeans/p/005010114",
    defaultInterval: 60_000,
    hosts: ["levi.com"],
  },
  nudeproject: {
    key: "nudeproject",
    label: "Nude Project",
    description: "Loja Shopify da Nude Project: tamanhos e links de carrinho",
    configHelp: "Sem configuração adicional.",
    sampleUrl: "https://nudeproject.com/products/rebel-hoodie-black",
    defaultInterval: 20_000,
    hosts: ["nudeproject.com"],
  },
};

export const PLATFORM_LIST: PlatformInfo[] = PLATFORM_KEYS.map((k) => PLATFORMS[k]);

export function isPlatformKey(value: unknown): value is PlatformKey {
  return typeof value === "string" && (PLATFORM_KEYS as readonly string[]).includes(value);
}

/** platforms whose blocked checks may take the browser route */
/** the platform's name for people ("H&M"); an unknown key as it came */
export const platformLabel = (key: string) => (isPlatformKey(key) ? PLATFORMS[key].label : key);

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

/** configuration keys that hold a URL the engine fetches, per platform */
const CONFIG_URL_KEYS: Partial<Record<PlatformKey, string[]>> = { levis: ["stockUrl"] };

/**
 * What is wrong with the URLs of a product's configuration (JSON text), or null: a URL the engine
 * fetches must be http(s) on one of the platform's hosts, exactly as the product URL.
 */
export function configUrlProblem(key: PlatformKey, config: string | null | undefined): string | null {
  const keys = CONFIG_URL_KEYS[key];
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

/** the first capture of the first pattern that matches `text` */
function firstMatch(text: string, patterns: RegExp[]): string | null {
  for (const pattern of patterns) {
    const found = pattern.exec(text)?.[1];
    if (found) return found;
  }
  return null;
}

/** per platform, the id of the product (or member) in a pasted URL's path and query */
const ID_FROM_URL: Record<PlatformKey, (url: URL) => string | null> = {
  // the internal colour id `v1` is what the APIs take; the 8-digit SEO reference is resolved later
  zara: (u) => {
    const v1 = u.searchParams.get("v1");
    return v1 && /^\d+$/.test(v1) ? v1 : firstMatch(u.pathname, [/-p(\d{8})\.html$/i]);
  },
  aliexpress: (u) => {
    const fromPath = firstMatch(u.pathname, [/\/item\/(?:[^/]+\/)?(\d{6,20})\.html$/i]);
    const fromQuery = u.searchParams.get("productId");
    return fromPath ?? (fromQuery && /^\d{6,20}$/.test(fromQuery) ? fromQuery : null);
  },
  popmart: (u) => {
    const segments = u.pathname.split("/").filter(Boolean);
    const kind = segments.findIndex((s) => s === "products" || s === "pop-now");
    return kind < 0 ? null : (segments.slice(kind + 1).find((s) => /^\d+$/.test(s)) ?? null);
  },
  hm: (u) => firstMatch(u.pathname, [/productpage\.(\d{10})\.html$/i]),
  calzedonia: (u) => firstMatch(u.pathname, [/-([A-Z0-9]+)\.html$/i])?.toUpperCase() ?? null,
  havaianas: (u) => firstMatch(u.pathname, [/\/(\d{6,8})-[A-Z0-9_]+\.html$/i]),
  vinted: (u) => firstMatch(u.pathname, [/^\/member\/(?:general\/)?(\d+)(?:[-/]|$)/]),
  // marketplace listings end in -mrkean-<EAN>; the EAN is then the key
  worten: (u) => firstMatch(u.pathname, [/-mrkean-(\d{13})\/?$/, /-(\d{6,8})\/?$/]),
  fnac: (u) => firstMatch(u.pathname, [/\/a(\d{4,12})(?:\/|$)/, /^\/mp(\d{4,12})(?:\/|$)/]),
  levis: (u) => firstMatch(u.pathname, [/\/p\/([A-Za-z0-9]+)\/?$/]),
  nudeproject: (u) => firstMatch(u.pathname, [/\/products\/([^/]+?)(?:\.js|\.json)?\/?$/]),
};

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
  const id = ID_FROM_URL[key](parsed);
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
