/**
 * The platform catalogue: one entry per supported retailer. The product modal, the server's
 * validation and the engine all read it. Defaults are in milliseconds (DECISIONS §1).
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
  },
  aliexpress: {
    key: "aliexpress",
    label: "AliExpress",
    description: "Produtos do AliExpress com variantes (cor e tamanho)",
    configHelp: 'Opcional: {"currency": "EUR", "country": "PT"}. Indique as variantes a vigiar na secção Variantes.',
    sampleUrl: "https://pt.aliexpress.com/item/1005006123456789.html",
    defaultInterval: 3_000,
    hosts: ["aliexpress.com", "aliexpress.us"],
  },
  popmart: {
    key: "popmart",
    label: "Pop Mart",
    description: "Caixas surpresa e figuras da Pop Mart (loja europeia)",
    configHelp: 'Opcional: {"lowStockThreshold": 5}.',
    sampleUrl: "https://www.popmart.com/pt/products/1234/THE-MONSTERS-Big-into-Energy-Series",
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
  },
  calzedonia: {
    key: "calzedonia",
    label: "Calzedonia",
    description: "Produtos da Calzedonia Portugal (também Intimissimi e Tezenis)",
    configHelp: 'Opcional: {"siteId": "CalzedoniaPT", "color": "001"}.',
    sampleUrl: "https://www.calzedonia.com/pt/produto/meias-altas-MC0123.html?dwvar_MC0123_Z_COL_COLLD=001",
    defaultInterval: 3_000,
    hosts: ["calzedonia.com", "intimissimi.com", "tezenis.com", "falconeri.com"],
  },
  havaianas: {
    key: "havaianas",
    label: "Havaianas",
    description: "Chinelos da loja europeia da Havaianas por tamanho",
    configHelp: 'Opcional: {"sizeAttribute": "size"}.',
    sampleUrl: "https://www.havaianas-store.com/pt/top-4000029-0090.html",
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
  },
  fnac: {
    key: "fnac",
    label: "Fnac",
    description: "Produtos da Fnac Portugal vendidos pela Fnac",
    configHelp: 'Opcional: {"fnacOnly": true} para ignorar vendedores parceiros.',
    sampleUrl: "https://www.fnac.pt/Consola-PlayStation-5-Slim/a12345678",
    defaultInterval: 90_000,
    hosts: ["fnac.pt"],
  },
  levis: {
    key: "levis",
    label: "Levi's",
    description: "Produtos da Levi's Portugal; o URL de stock é derivado da página",
    configHelp: 'Opcional: {"stockUrl": "https://www.levi.com/nextgen-webhooks/?operationName=product&locale=PT-pt_PT"}.',
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
