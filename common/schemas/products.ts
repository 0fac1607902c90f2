import { ALERT_CHANNELS, type AlertChannelKey, type ChannelSettingKey } from "../alert-channels.js";
import { isHttpUrl } from "../http-url.js";
import { MAX_CHECK_INTERVAL_MS, MIN_CHECK_INTERVAL_MS } from "../interval.js";
import { parseMoney } from "../money.js";
import type { PlatformCatalogue } from "../platforms.js";
import { z } from "../zod-pt.js";
import { monitorRulesSchema, rulesAreEmpty } from "./monitor-rules.js";
import { priceSummarySchema } from "./price-history.js";
import { searchItemSchema } from "./search-item.js";

/** milliseconds, 1 s – 1 h (common/interval.ts converts to and from the seconds people type) */
export const MIN_CHECK_INTERVAL = MIN_CHECK_INTERVAL_MS;
export const MAX_CHECK_INTERVAL = MAX_CHECK_INTERVAL_MS;
export const CONFIG_JSON_MESSAGE = "Configuração deve ser JSON válido ou vazio";

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

/**
 * Where a product's alerts go: its webhook (Discord, Slack, JSON or Telegram, by its URL), the
 * owner's e-mail and the owner's devices (Web Push). A product without a choice (null) sends to the
 * webhook and to e-mail and push as Settings → Utilizador says.
 */
export const alertChannelsSchema = z.object(
  Object.fromEntries(ALERT_CHANNELS.map((c) => [c.key, z.boolean({ error: "Canal inválido" })])) as Record<
    AlertChannelKey,
    z.ZodBoolean
  >,
);
export type AlertChannels = z.infer<typeof alertChannelsSchema>;

/** the channels in force: the product's choice, else each channel as the owner's setting says */
export function effectiveAlertChannels(
  chosen: AlertChannels | null | undefined,
  settings: Record<ChannelSettingKey, boolean>,
): AlertChannels {
  return (
    chosen ??
    (Object.fromEntries(
      ALERT_CHANNELS.map((c) => [c.key, c.setting ? settings[c.setting] : c.defaultOn]),
    ) as AlertChannels)
  );
}

/**
 * Whether alerts go to the product's webhook: no choice (null) or a PUT that keeps the stored one
 * (absent) counts as on, so only a product that turned the channel off may leave the URL empty.
 */
export const webhookChannelOn = (channels: AlertChannels | null | undefined) => channels?.webhook !== false;

/** the product's fields before its platform (the order issues are reported in) */
const leadingFields = {
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
  /** empty is allowed only with the Webhook channel off (checked below, where the channels are known) */
  webhookUrl: z
    .string({ error: "URL do webhook inválido" })
    .trim()
    .max(2000, "URL do webhook demasiado longo")
    .refine((v) => v === "" || isHttpUrl(v), "URL do webhook inválido")
    .optional()
    .default(""),
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
    .int("Intervalo deve ser um número inteiro de milissegundos") // the form rounds seconds to ms
    // said in seconds, as the form asks for it; the API's unit stays the millisecond
    .min(MIN_CHECK_INTERVAL, "Intervalo mínimo é 1 segundo")
    .max(MAX_CHECK_INTERVAL, "Intervalo máximo é 3600 segundos (1 h)")
    .default(1_000),
  isActive: z.boolean().optional(),
};

const trailingFields = {
  /** "search": the URL is a search (common/search-url.ts), set from the URL when it is one */
  monitorType: z.enum(["stock", "search"], { error: "Tipo de monitor inválido" }).optional().default("stock"),
  /** absent on a PUT: the monitor keeps its rules; null: none */
  rules: monitorRulesSchema.nullable().optional(),
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
  /** absent on a PUT: the product keeps its choice */
  alertChannels: alertChannelsSchema.nullable().optional(),
};

/**
 * The product form and POST/PUT /api/products body, for a catalogue of platforms: the server's, or
 * the one the browser got from it (the URL must be on the platform's hosts, the id the URL's).
 */
/** POST /api/products/preview: the pasted page to read once, on the chosen platform's hosts */
export function previewRequestSchema(catalogue: PlatformCatalogue) {
  return z
    .object({
      platform: z.string().refine((key) => catalogue.has(key), "Plataforma inválida"),
      url: z.string().trim().url("URL inválido").max(2000, "URL demasiado longo"),
      /** the product's configuration (JSON text), when the form has one: Levi's stockUrl */
      config: z.string().max(10_000, "Configuração demasiado longa").nullable().optional(),
    })
    .superRefine((p, ctx) => {
      const configProblem = catalogue.configUrlProblem(p.platform, p.config);
      if (configProblem) ctx.addIssue({ code: "custom", path: ["config"], message: configProblem });
      const urlProblem = catalogue.urlProblem(p.platform, p.url);
      if (urlProblem) ctx.addIssue({ code: "custom", path: ["url"], message: urlProblem });
    });
}

export function productInputSchema(catalogue: PlatformCatalogue) {
  return z
    .object({
      ...leadingFields,
      platform: z.enum(catalogue.keys as [string, ...string[]], { error: "Plataforma inválida" }),
      ...trailingFields,
    })
    .superRefine((p, ctx) => {
      if (p.webhookUrl === "" && webhookChannelOn(p.alertChannels)) {
        ctx.addIssue({ code: "custom", path: ["webhookUrl"], message: "URL do webhook obrigatório" });
      }
      const configProblem = catalogue.configUrlProblem(p.platform, p.config);
      if (configProblem) ctx.addIssue({ code: "custom", path: ["config"], message: configProblem });
      if (!isHttpUrl(p.url)) return;
      const urlProblem = catalogue.urlProblem(p.platform, p.url);
      if (urlProblem) {
        ctx.addIssue({ code: "custom", path: ["url"], message: urlProblem });
        return;
      }
      const search = catalogue.searchOf(p.platform, p.url);
      if (p.monitorType === "search" && !search) {
        ctx.addIssue({
          code: "custom",
          path: ["url"],
          message: "Este URL não é uma pesquisa (Vinted: /catalog?…; Shopify: /collections/… ou a loja)",
        });
        return;
      }
      if (search) return; // a search has no product id: its URL is what it watches
      const fromUrl = catalogue.productIdFromUrl(p.platform, p.url);
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
    .transform((p) => {
      const search = catalogue.searchOf(p.platform, p.url);
      return {
        ...p,
        // a search URL makes a search monitor whatever the form said
        monitorType: search ? ("search" as const) : p.monitorType,
        productId: search
          ? SEARCH_PRODUCT_ID
          : p.productId || catalogue.productIdFromUrl(p.platform, p.url) || "",
        // a rule set that says nothing is stored as none; absent stays absent (a PUT keeps the rules)
        rules: p.rules && rulesAreEmpty(p.rules) ? null : p.rules,
      };
    });
}

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

/** what a search monitor stores as its product id (the URL is what it watches) */
export const SEARCH_PRODUCT_ID = "pesquisa";

export type ProductInput = z.input<ReturnType<typeof productInputSchema>>;
export type ProductValues = z.output<ReturnType<typeof productInputSchema>>;

/** A product as the API sends it: the product's fields plus the engine's honest failure state. */
export const productDtoSchema = z.object({
  id: z.number(),
  userId: z.number(),
  name: z.string(),
  productId: z.string(),
  url: z.string(),
  imageUrl: z.string().nullable(),
  /** decimal text "12.50" in `currency` */
  price: z.string().nullable(),
  /** ISO 4217 code of `price` ("EUR", "JPY"); the site's currency as the last check read it */
  currency: z.string(),
  webhookUrl: z.string(),
  /** null: the webhook, and e-mail and push as the owner's settings say */
  alertChannels: alertChannelsSchema.nullable(),
  /** milliseconds */
  checkInterval: z.number(),
  /**
   * milliseconds: the interval the monitor really gets when its site's request budget is exceeded
   * (longer than checkInterval); absent or null when it gets its own
   */
  effectiveInterval: z.number().nullable().optional(),
  isActive: z.boolean(),
  /** ISO, like every date below */
  lastCheck: z.string().nullable(),
  status: z.string(),
  lastNotifiedStatus: z.string().nullable(),
  /** JSON-encoded list of strings */
  availableSizes: z.string().nullable(),
  lastNotifiedSizes: z.string().nullable(),
  platform: z.string(),
  monitorType: z.string(),
  config: z.string().nullable(),
  hasVariants: z.boolean(),
  /** JSON-encoded list of strings */
  variants: z.string().nullable(),
  createdAt: z.string(),
  nextCheckAt: z.string(),
  failureStreak: z.number(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** the monitor said it cannot see since then (no successful check for its window); null: it can */
  blindSince: z.string().nullable().optional(),
  /** when the engine last saw it become available (ISO), null before the first time */
  lastRestockAt: z.string().nullable(),
  /** the last check was not sent: the engine paused the site after a block until then (ISO) */
  pausedUntil: z.string().nullable(),
  /** the monitor's rules; null = none */
  rules: monitorRulesSchema.nullable(),
  /** a search monitor's newest matches, newest first (its card shows them) */
  latestMatches: z.array(searchItemSchema),
  /** the price history's line for the card (product monitors with a price read); absent or null: none */
  priceSummary: priceSummarySchema.nullable().optional(),
});
/** A product as the API sends it: the product's fields plus the engine's honest failure state. */
export type ProductDto = z.infer<typeof productDtoSchema>;

/** GET /api/user/monitor-stats: both readings of the monitor count (products, and active ones) */
export const monitorStatsSchema = z.object({
  currentCount: z.number(),
  limit: z.number(),
  canCreateMore: z.boolean(),
  activeMonitors: z.number(),
  maxMonitors: z.number(),
});
export type MonitorStats = z.infer<typeof monitorStatsSchema>;

/** POST /api/monitor/start-all and stop-all: how many products changed */
export const monitorSwitchAnswerSchema = z.object({ message: z.string(), changed: z.number() });
export type MonitorSwitchAnswer = z.infer<typeof monitorSwitchAnswerSchema>;

/** GET /api/statistics */
export const dashboardStatisticsSchema = z.object({
  inStockProducts: z.number(),
  outOfStockProducts: z.number(),
  todayActivities: z.number(),
  totalProducts: z.number(),
});
export type DashboardStatistics = z.infer<typeof dashboardStatisticsSchema>;

/** POST /api/products/preview answer */
export const productPreviewSchema = z.object({
  name: z.string().nullable(),
  productId: z.string().nullable(),
  imageUrl: z.string().nullable(),
  price: z.string().nullable(),
  /** ISO 4217 code of `price` */
  currency: z.string().nullable(),
  sizes: z.array(z.string()),
  /** the product status the page shows */
  status: z.string(),
  /** which reader answered ("json-ld", "shopify-products-js", "sfra-product-variation", …) */
  reader: z.string().nullable().optional(),
});
export type ProductPreview = z.infer<typeof productPreviewSchema>;

/** a list of strings → its JSON text as stored, null for none */
export const toJsonList = (list: readonly string[]): string | null =>
  list.length > 0 ? JSON.stringify(list) : null;

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
