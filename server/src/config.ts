import path from "node:path";
import { z } from "zod";
import type { HealthBounds } from "./services/health-watch.js";

/** scrypt's cost (N) for new password hashes: Node's default, ~45 ms and 16 MB of work a hash */
export const DEFAULT_PASSWORD_HASH_COST = 16_384;
/** the most PASSWORD_HASH_COST, or a stored hash, may ask for (128 MB of scrypt's memory) */
export const MAX_PASSWORD_HASH_COST = 131_072;

export const isPowerOfTwo = (n: number) => Number.isInteger(n) && n > 0 && (n & (n - 1)) === 0;

/**
 * PASSWORD_HASH_COST: a power of two up to the ceiling; below the default only with NODE_ENV=test,
 * where thousands of sign-ins and new users a run would otherwise spend minutes of CPU on scrypt
 */
const passwordHashCostSchema = z.coerce
  .number()
  .int()
  .min(1_024)
  .max(MAX_PASSWORD_HASH_COST)
  .refine(isPowerOfTwo, "deve ser uma potência de 2")
  .default(DEFAULT_PASSWORD_HASH_COST);

const costAllowed = (cost: number, nodeEnv: string | undefined) =>
  cost >= DEFAULT_PASSWORD_HASH_COST || nodeEnv === "test";

const envFields = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  /** "off" keeps the engine out of this process (web-only) */
  ENGINE: z.enum(["on", "off"]).default("on"),
  /** comma-separated http(s) proxy URLs rotated per request */
  MONITOR_PROXIES: z.string().optional(),
  /** comma-separated origin=origin pairs; tests, demos and benchmarks only */
  MONITOR_REDIRECT: z.string().optional(),
  /** "true" lets product webhooks point at loopback/private addresses: tests and demos only */
  ALLOW_PRIVATE_WEBHOOKS: z.enum(["true", "false"]).default("false"),
  /** "true" behind one reverse proxy (TLS): X-Forwarded-For/-Proto of that one hop are believed */
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  /** a whole request, body included (4 MB at ~1 Mbit/s is ~35 s) */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** a client trickling its headers is cut off after this */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** total time of one stock check (connect, headers, body, parse), ms */
  CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(55_000).default(15_000),
  /** total time of one "Pré-visualizar" page read, ms */
  PREVIEW_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /** total time of one webhook delivery, alerts and "Testar webhook" alike, ms (below the outbox lease) */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(10_000),
  /** checks of one retailer host / of one user's products in flight at once (default: half the global cap) */
  CHECKS_PER_HOST: z.coerce.number().int().min(1).optional(),
  CHECKS_PER_USER: z.coerce.number().int().min(1).optional(),
  /** pages at least this big are parsed in a worker thread, off the event loop */
  PARSE_WORKER_MIN_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(256 * 1024),
  /** /api/health turns "degraded" past these bounds (ms) */
  HEALTH_MAX_LAG_MS: z.coerce.number().int().min(1).default(60_000),
  HEALTH_STALL_MS: z.coerce.number().int().min(1).default(60_000),
  HEALTH_OUTBOX_LATE_MS: z.coerce.number().int().min(1).default(60_000),
  /** a monitor sending "Authorization: Bearer <token>" gets /api/health's detail without a session */
  HEALTH_TOKEN: z.string().min(16).optional(),
  /** folder of the built client to serve instead of dist/client (e2e runs build their own) */
  CLIENT_DIR: z.string().optional(),
  /** alerts by e-mail: smtp(s)://user:pass@host:port?from=address; unset = no e-mail */
  SMTP_URL: z.string().optional(),
  /** the contact push services may use about our Web Push (mailto: or https: URL) */
  VAPID_SUBJECT: z.string().optional(),
  /** the embedded database's shared buffers, MB: small for a small install, more for thousands of monitors */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(16),
  /** every database statement answers within this or fails with a 503 (PGlite's thread is then replaced) */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(15_000),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  /** /api/health's own database probe gives up after this and reports the database as not answering */
  HEALTH_DB_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  /** below this much free space in DATA_DIR, new photos and backups are refused (MB; 0 = no floor) */
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(200),
  /** below this, every change is refused and the app only serves reads (MB; 0 = no floor) */
  MIN_FREE_DISK_WRITES_MB: z.coerce.number().int().min(0).default(50),
  /** SIGTERM/SIGINT: past this the process exits whatever is still closing (ms) */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  /** live-update streams (GET /api/events) one user may hold open; a new one closes the oldest */
  LIVE_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(5),
  /** a comment line on each live-update stream this often, ms */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(50).default(25_000),
  /**
   * the app's address as its users open it (https://stock.example.com, a path prefix allowed):
   * alerts then carry a link into the app ("Comprei"); unset, alerts link only to the shops
   */
  PUBLIC_URL: z
    .string()
    .optional()
    .refine((v) => !v || publicUrl(v) !== null, "deve ser um URL http(s) sem query nem fragmento"),
  PASSWORD_HASH_COST: passwordHashCostSchema,
});

const envSchema = envFields.refine((e) => costAllowed(e.PASSWORD_HASH_COST, e.NODE_ENV), {
  path: ["PASSWORD_HASH_COST"],
  message: `abaixo de ${DEFAULT_PASSWORD_HASH_COST} só nos testes (NODE_ENV=test)`,
});

/**
 * The cost new password hashes take, read on its own (the password module has no app to ask); a
 * value loadConfig would refuse gives the default here, and the start fails there.
 */
export function passwordHashCost(env: NodeJS.ProcessEnv = process.env): number {
  const cost = passwordHashCostSchema.safeParse(env.PASSWORD_HASH_COST);
  return cost.success && costAllowed(cost.data, env.NODE_ENV) ? cost.data : DEFAULT_PASSWORD_HASH_COST;
}

/** PUBLIC_URL without its trailing slash; null when it is not a plain http(s) address */
function publicUrl(value: string): string | null {
  try {
    const url = new URL(value);
    if (!/^https?:$/.test(url.protocol) || url.search || url.hash || url.username) return null;
    return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
  } catch {
    return null;
  }
}

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Configuração inválida:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    adminPassword: e.ADMIN_PASSWORD,
    nodeEnv: e.NODE_ENV,
    engineEnabled: e.ENGINE === "on",
    monitorProxies: (e.MONITOR_PROXIES ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    monitorRedirect: parseRedirects(e.MONITOR_REDIRECT),
    allowPrivateWebhooks: e.ALLOW_PRIVATE_WEBHOOKS === "true",
    trustProxy: e.TRUST_PROXY === "true",
    requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    headersTimeoutMs: Math.min(e.HTTP_HEADERS_TIMEOUT_MS, e.HTTP_REQUEST_TIMEOUT_MS),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
    clientDir: e.CLIENT_DIR ? path.resolve(e.CLIENT_DIR) : undefined,
    checkTimeoutMs: e.CHECK_TIMEOUT_MS,
    previewTimeoutMs: e.PREVIEW_TIMEOUT_MS,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    checksPerHost: e.CHECKS_PER_HOST,
    checksPerUser: e.CHECKS_PER_USER,
    parseWorkerMinBytes: e.PARSE_WORKER_MIN_BYTES,
    health: <HealthBounds>{
      maxLagMs: e.HEALTH_MAX_LAG_MS,
      stallMs: e.HEALTH_STALL_MS,
      outboxLateMs: e.HEALTH_OUTBOX_LATE_MS,
      dbTimeoutMs: e.HEALTH_DB_TIMEOUT_MS,
    },
    healthToken: e.HEALTH_TOKEN || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    vapidSubject: e.VAPID_SUBJECT || undefined,
    statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    /** sign-ins (and invite answers) per address a minute */
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    disk: { minFreeMb: e.MIN_FREE_DISK_MB, minFreeWritesMb: e.MIN_FREE_DISK_WRITES_MB },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    liveEvents: { maxPerUser: e.LIVE_STREAMS_PER_USER, heartbeatMs: e.LIVE_HEARTBEAT_MS },
    publicUrl: e.PUBLIC_URL ? (publicUrl(e.PUBLIC_URL) ?? undefined) : undefined,
  };
}

export function parseRedirects(value: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of (value ?? "").split(",")) {
    const [from, to] = pair.split("=").map((s) => s?.trim());
    if (!from || !to) continue;
    map.set(new URL(from).origin, new URL(to).origin);
  }
  return map;
}
