import path from "node:path";
import { z } from "zod";

const envSchema = z.object({
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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** folder of the built client to serve instead of dist/client (e2e runs build their own) */
  CLIENT_DIR: z.string().optional(),
});

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
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
    clientDir: e.CLIENT_DIR ? path.resolve(e.CLIENT_DIR) : undefined,
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
