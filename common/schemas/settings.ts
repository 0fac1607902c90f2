import { CHANNEL_SETTING_DEFAULTS, type ChannelSettingKey, SETTING_CHANNELS } from "../alert-channels.js";
import { z } from "../zod-pt.js";

/** a default webhook: empty, or a URL (the server applies the webhooks' address rules on save) */
const webhookSettingSchema = z.union([z.literal(""), z.url("URL inválido").max(2000, "URL demasiado longo")]);

/** Settings (Global, Sistema, Utilizador), stored on the server. Intervals: check in seconds. */
export const globalSettingsSchema = z.object({
  defaultCheckInterval: z.coerce.number().int().min(1, "Mínimo 1 segundo").max(3600, "Máximo 3600 segundos"),
  maxConcurrentChecks: z.coerce.number().int().min(1, "Mínimo 1").max(50, "Máximo 50"),
  enableNotifications: z.boolean(),
  enableErrorAlerts: z.boolean(),
  defaultWebhookUrl: webhookSettingSchema,
  autoStartNewProducts: z.boolean(),
  enableLogging: z.boolean(),
  logLevel: z.enum(["debug", "info", "warn", "error"]),
  /** per-user quotas: what one account may keep, so no one fills the server's disk */
  quotaItems: z.coerce.number().int().min(1, "Mínimo 1").max(1_000_000, "Máximo 1000000"),
  quotaPhotos: z.coerce.number().int().min(0, "Mínimo 0").max(1_000_000, "Máximo 1000000"),
  quotaPhotoMb: z.coerce.number().int().min(1, "Mínimo 1 MB").max(100_000, "Máximo 100000 MB"),
  /** expenses one user may keep (Despesas) */
  quotaExpenses: z.coerce.number().int().min(1, "Mínimo 1").max(1_000_000, "Máximo 1000000"),
  /** each user's newest activity entries kept; older ones go with the periodic pruning */
  quotaActivityRows: z.coerce.number().int().min(100, "Mínimo 100").max(10_000_000, "Máximo 10000000"),
  /** inventory changes (create, edit, status, delete, restore) one user may make a minute */
  inventoryWritesPerMinute: z.coerce.number().int().min(1, "Mínimo 1").max(10_000, "Máximo 10000"),
  /** an admin without two-factor sign-in may only enrol (common/schemas/two-factor.ts) */
  requireAdminTwoFactor: z.boolean(),
});
export type GlobalSettings = z.infer<typeof globalSettingsSchema>;

export const systemSettingsSchema = z.object({
  enableAutoBackup: z.boolean(),
  backupInterval: z.coerce.number().int().min(1, "Mínimo 1 hora").max(168, "Máximo 168 horas"),
  maxBackupFiles: z.coerce.number().int().min(1, "Mínimo 1").max(30, "Máximo 30"),
  enableMetrics: z.boolean(),
  enableHealthCheck: z.boolean(),
  healthCheckInterval: z.coerce.number().int().min(1, "Mínimo 1 minuto").max(1440, "Máximo 1440 minutos"),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

/** sizes typed with commas ("M, L"); the product modal offers them for "only my sizes" */
const usualSizesSchema = z
  .string({ error: "Tamanhos inválidos" })
  .trim()
  .max(200, "Tamanhos demasiado longos (máximo 200 caracteres)");

/** "M, L" → ["M", "L"] */
export const sizeList = (text: string | null | undefined): string[] =>
  (text ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

export const userSettingsSchema = z.object({
  theme: z.enum(["light", "dark"]),
  language: z.enum(["pt", "en", "es"]),
  timezone: z.enum(["Europe/Lisbon", "UTC", "America/New_York"]),
  dateFormat: z.enum(["dd/MM/yyyy"]),
  currency: z.enum(["EUR", "USD", "GBP"]),
  // each alert channel's switch for the products that chose nothing (common/alert-channels.ts)
  ...(Object.fromEntries(SETTING_CHANNELS.map((c) => [c.setting, z.boolean()])) as Record<
    ChannelSettingKey,
    z.ZodBoolean
  >),
  weeklyReport: z.boolean(),
  /**
   * the user's own default webhook: pre-fills their new products before the global one does. Rows
   * saved before it existed lack it; the server reads every row over DEFAULT_USER_SETTINGS.
   */
  defaultWebhookUrl: webhookSettingSchema,
  /** a restock seen while the app is open also shows as a browser notification (this browser's permission) */
  browserNotifications: z.boolean(),
  /** a short tone with the restock alerts of the open app */
  alertSound: z.boolean(),
  /** the user's usual clothing sizes ("M, L") and shoe sizes ("42, 43"); empty: none */
  usualClothingSizes: usualSizesSchema,
  usualShoeSizes: usualSizesSchema,
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const DEFAULT_GLOBAL_SETTINGS: GlobalSettings = {
  defaultCheckInterval: 60,
  maxConcurrentChecks: 10,
  enableNotifications: true,
  enableErrorAlerts: true,
  defaultWebhookUrl: "",
  autoStartNewProducts: true,
  enableLogging: true,
  logLevel: "info",
  quotaItems: 5_000,
  quotaPhotos: 2_000,
  quotaPhotoMb: 1_000,
  quotaExpenses: 10_000,
  quotaActivityRows: 50_000,
  inventoryWritesPerMinute: 120,
  requireAdminTwoFactor: false,
};

export const DEFAULT_SYSTEM_SETTINGS: SystemSettings = {
  enableAutoBackup: false,
  backupInterval: 24,
  maxBackupFiles: 7,
  enableMetrics: false,
  enableHealthCheck: true,
  healthCheckInterval: 30,
};

export const DEFAULT_USER_SETTINGS: UserSettings = {
  theme: "light",
  language: "pt",
  timezone: "Europe/Lisbon",
  dateFormat: "dd/MM/yyyy",
  currency: "EUR",
  ...CHANNEL_SETTING_DEFAULTS,
  weeklyReport: true,
  defaultWebhookUrl: "",
  browserNotifications: false,
  alertSound: false,
  usualClothingSizes: "",
  usualShoeSizes: "",
};

/**
 * What "Restaurar Padrões" leaves alone, as they are not preferences: addresses and lists the user
 * typed (the default webhooks, the usual sizes) and the switches tied to a device's permission.
 */
const KEPT_ON_RESTORE = {
  user: [
    "defaultWebhookUrl",
    "usualClothingSizes",
    "usualShoeSizes",
    "pushNotifications",
    "browserNotifications",
  ],
  global: ["defaultWebhookUrl"],
} as const satisfies { user: (keyof UserSettings)[]; global: (keyof GlobalSettings)[] };

const without = <T extends object>(values: T, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(values).filter(([key]) => !keys.includes(key))) as Partial<T>;

/**
 * the PUT /api/settings body of "Restaurar Padrões": the user's preferences; an admin's, the installation's too.
 * Without e-mail on the server the e-mail switch keeps its value (its default, on, would be refused).
 */
export function restoreDefaultsRequest(admin: boolean, emailConfigured = true) {
  const keptUser: readonly string[] = emailConfigured
    ? KEPT_ON_RESTORE.user
    : [...KEPT_ON_RESTORE.user, "emailNotifications"];
  return {
    user: without(DEFAULT_USER_SETTINGS, keptUser),
    ...(admin
      ? { global: without(DEFAULT_GLOBAL_SETTINGS, KEPT_ON_RESTORE.global), system: DEFAULT_SYSTEM_SETTINGS }
      : {}),
  };
}

/** strict: an unknown key (a typo, an old field) is a 400, never silently dropped */
export const updateSettingsSchema = z.strictObject({
  global: globalSettingsSchema.strict().partial().optional(),
  system: systemSettingsSchema.strict().partial().optional(),
  user: userSettingsSchema.strict().partial().optional(),
});
export type UpdateSettingsInput = z.input<typeof updateSettingsSchema>;

/** the webhook a new product starts with: the user's own, else the installation's */
export function defaultWebhookFor(settings: Pick<SettingsResponse, "global" | "user">): string {
  return settings.user?.defaultWebhookUrl || settings.global?.defaultWebhookUrl || "";
}

/** a field's type without its ranges and lists (see settingsResponseSchema) */
function storedType(field: z.ZodType): z.ZodType {
  if (field instanceof z.ZodBoolean) return z.boolean();
  if (field instanceof z.ZodNumber) return z.number();
  return z.string();
}

function storedGroup(schema: z.ZodObject) {
  return z.object(
    Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, storedType(field)])),
  );
}

/**
 * The answer of GET and PUT /api/settings: every field with its type, but not its ranges and lists,
 * so a row saved before a rule changed is still shown (and corrected) rather than make Settings fail.
 * Keys no longer in the product are left out of the answer.
 */
export const settingsResponseSchema = z.object({
  global: storedGroup(globalSettingsSchema),
  system: storedGroup(systemSettingsSchema),
  user: storedGroup(userSettingsSchema),
  /** whether this server can send e-mail (SMTP_URL): without it the e-mail alerts cannot be turned on */
  emailConfigured: z.boolean(),
});

export interface SettingsResponse {
  global: GlobalSettings;
  system: SystemSettings;
  user: UserSettings;
  emailConfigured: boolean;
}

/** the 400 of turning e-mail alerts on where the server has no SMTP server */
export const EMAIL_NOT_CONFIGURED_MESSAGE = "O servidor não tem e-mail configurado.";
