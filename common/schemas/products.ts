import { parseMoney } from "../money.js";
import {
  configUrlProblem,
  PLATFORM_KEYS,
  PLATFORMS,
  productIdFromUrl,
  urlBelongsToPlatform,
} from "../platforms.js";
import { z } from "../zod-pt.js";

/** milliseconds, 1 s – 1 h */
export const MIN_CHECK_INTERVAL = 1_000;
export const MAX_CHECK_INTERVAL = 3_600_000;
export const CONFIG_JSON_MESSAGE = "Configuração deve ser JSON válido ou vazio";

const isHttpUrl = (value: string) => {
  try {
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
};

const isValidJson = (value: string) => {
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
};

const emptyToNull = (v: string | null | undefined) => (v && v.trim() !== "" ? v.trim() : null);

/** a list of text sent as an array, as JSON text, or one entry per line */
export function parseTextList(value: string[] | string | null | undefined): string[] {
  if (value === null || value === undefined) return [];
  let list: unknown = value;
  if (typeof value === "string") {
    const trimmed = value.trim();
    if (trimmed === "") return [];
    list = trimmed.startsWith("[") && isValidJson(trimmed) ? JSON.parse(trimmed) : trimmed.split(/\r?\n/);
  }
  if (!Array.isArray(list)) return [];
  return list.map((v) => String(v).trim()).filter((v) => v !== "");
}

const textListSchema = z
  .union([z.array(z.string().max(200, "Variante demasiado longa")), z.string().max(10_000)])
  .nullable()
  .optional()
  .transform((v) => parseTextList(v));

/** The product form and POST/PUT /api/products body. */
export const productInputSchema = z
  .object({
    name: z
      .string({ error: "Nome obrigatório" })
      .trim()
      .min(1, "Nome obrigatório")
      .max(300, "Nome demasiado longo"),
    /** may be left empty when the URL carries it (filled below) */
    productId: z.string().trim().max(200, "ID do produto demasiado longo").optional().default(""),
    url: z
      .string({ error: "URL obrigatório" })
      .trim()
      .min(1, "URL obrigatório")
      .max(2000, "URL demasiado longo")
      .refine(isHttpUrl, "URL inválido"),
    webhookUrl: z
      .string({ error: "URL do webhook obrigatório" })
      .trim()
      .min(1, "URL do webhook obrigatório")
      .max(2000, "URL do webhook demasiado longo")
      .refine(isHttpUrl, "URL do webhook inválido"),
    imageUrl: z
      .string()
      .max(2000, "URL da imagem demasiado longo")
      .nullable()
      .optional()
      .transform(emptyToNull)
      .refine((v) => v === null || isHttpUrl(v), "URL da imagem inválido"),
    price: z
      .union([z.string().max(40), z.number()])
      .nullable()
      .optional()
      .transform((v, ctx) => {
        if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) return null;
        const money = parseMoney(v);
        if (money === null || money.startsWith("-") || money.replace("-", "").length > 11) {
          ctx.addIssue({ code: "custom", message: "Preço inválido" });
          return z.NEVER;
        }
        return money;
      }),
    checkInterval: z.coerce
      .number({ error: "Intervalo deve ser um número" })
      .int("Intervalo deve ser um número inteiro de milissegundos")
      .min(MIN_CHECK_INTERVAL, "Intervalo mínimo é 1000 ms (1 s)")
      .max(MAX_CHECK_INTERVAL, "Intervalo máximo é 3600000 ms (1 h)")
      .default(1_000),
    isActive: z.boolean().optional(),
    platform: z.enum(PLATFORM_KEYS, { error: "Plataforma inválida" }),
    monitorType: z.string().trim().max(50).optional().default("stock"),
    availableSizes: textListSchema,
    lastNotifiedStatus: z.string().max(50).nullable().optional(),
    config: z
      .string()
      .max(10_000, "Configuração demasiado longa")
      .nullable()
      .optional()
      .transform(emptyToNull)
      .refine((v) => v === null || isValidJson(v), CONFIG_JSON_MESSAGE),
    hasVariants: z.boolean().optional().default(false),
    variants: textListSchema,
  })
  .superRefine((p, ctx) => {
    const configProblem = configUrlProblem(p.platform, p.config);
    if (configProblem) ctx.addIssue({ code: "custom", path: ["config"], message: configProblem });
    if (!isHttpUrl(p.url)) return;
    const platform = PLATFORMS[p.platform];
    if (!urlBelongsToPlatform(p.url, p.platform)) {
      ctx.addIssue({
        code: "custom",
        path: ["url"],
        message: `O URL não pertence à plataforma ${platform.label} (${platform.hosts.join(", ")})`,
      });
      return;
    }
    const fromUrl = productIdFromUrl(p.platform, p.url);
    if (!p.productId && !fromUrl) {
      ctx.addIssue({ code: "custom", path: ["productId"], message: "ID do produto obrigatório" });
    } else if (p.productId && fromUrl && !idMatchesUrl(p.productId, fromUrl, p.url)) {
      ctx.addIssue({
        code: "custom",
        path: ["productId"],
        message: `O ID do produto não corresponde ao URL (o URL indica ${fromUrl})`,
      });
    }
  })
  .transform((p) => ({ ...p, productId: p.productId || productIdFromUrl(p.platform, p.url) || "" }));

/**
 * The id typed must be the URL's, or at least appear in it: a Zara URL carries both the 8-digit
 * reference and the colour id (v1), and either identifies the product.
 */
function idMatchesUrl(given: string, fromUrl: string, url: string): boolean {
  const norm = (v: string) => v.toLowerCase();
  if (norm(given) === norm(fromUrl)) return true;
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // keep the raw URL
  }
  return given.length >= 4 && norm(decoded).includes(norm(given));
}

export type ProductInput = z.input<typeof productInputSchema>;
export type ProductValues = z.output<typeof productInputSchema>;

/** A product as the API sends it: the product's fields plus the engine's honest failure state. */
export interface ProductDto {
  id: number;
  userId: number;
  name: string;
  productId: string;
  url: string;
  imageUrl: string | null;
  /** decimal text "12.50" in `currency` */
  price: string | null;
  /** ISO 4217 code of `price` ("EUR", "JPY"); the site's currency as the last check read it */
  currency: string;
  webhookUrl: string;
  /** milliseconds */
  checkInterval: number;
  isActive: boolean;
  lastCheck: string | null;
  status: string;
  lastNotifiedStatus: string | null;
  /** JSON-encoded list of strings */
  availableSizes: string | null;
  lastNotifiedSizes: string | null;
  platform: string;
  monitorType: string;
  config: string | null;
  hasVariants: boolean;
  /** JSON-encoded list of strings */
  variants: string | null;
  createdAt: string;
  nextCheckAt: string;
  failureStreak: number;
  lastError: string | null;
  lastErrorAt: string | null;
}

/** GET /api/user/monitor-stats: both readings of the monitor count (products, and active ones) */
export interface MonitorStats {
  currentCount: number;
  limit: number;
  canCreateMore: boolean;
  activeMonitors: number;
  maxMonitors: number;
}

/** GET /api/statistics */
export interface DashboardStatistics {
  inStockProducts: number;
  outOfStockProducts: number;
  todayActivities: number;
  totalProducts: number;
}

/** POST /api/products/preview answer */
export interface ProductPreview {
  name: string | null;
  productId: string | null;
  imageUrl: string | null;
  price: string | null;
  /** ISO 4217 code of `price` */
  currency: string | null;
  sizes: string[];
}

/** JSON text of a list of strings → the list (lenient: anything else is empty) */
export function parseJsonList(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}
