import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import type { EngineHandle } from "../engine/handle.js";
import { getSystemSettings } from "./settings.js";

/** a check more than this late means the engine cannot keep up */
const LAG_WARNING_MS = 60_000;

export interface HealthReport {
  database: "ok" | "error";
  engine: ReturnType<EngineHandle["health"]>;
  problems: string[];
}

export async function checkHealth(db: Db, engine: EngineHandle): Promise<HealthReport> {
  const problems: string[] = [];
  let database: HealthReport["database"] = "ok";
  try {
    await db.execute(sql`select 1`);
  } catch {
    database = "error";
    problems.push("a base de dados não responde");
  }
  const health = engine.health();
  if (health && !health.running) problems.push("o motor de verificação está parado");
  if (health?.lagMsP99 != null && health.lagMsP99 > LAG_WARNING_MS) {
    problems.push(`as verificações estão ${Math.round(health.lagMsP99 / 1000)} s atrasadas (p99)`);
  }
  return { database, engine: health, problems };
}

interface WatchLog {
  info(msg: string): void;
  warn(msg: string): void;
}

/**
 * Sistema → "Monitorização de saúde": every healthCheckInterval minutes the server checks itself
 * and logs a warning naming what is wrong. Settings are read at every tick (once a minute).
 */
export function startHealthWatch(opts: { db: Db; engine: EngineHandle; log: WatchLog; tickMs?: number }) {
  let lastRun = 0;
  async function runDue(now = Date.now()): Promise<HealthReport | null> {
    const settings = await getSystemSettings(opts.db).catch(() => null);
    if (settings && !settings.enableHealthCheck) return null;
    const intervalMs = (settings?.healthCheckInterval ?? 30) * 60_000;
    if (lastRun && now - lastRun < intervalMs) return null;
    lastRun = now;
    const report = await checkHealth(opts.db, opts.engine);
    if (report.problems.length) opts.log.warn(`Verificação de saúde: ${report.problems.join("; ")}`);
    return report;
  }
  const timer = setInterval(() => void runDue(), opts.tickMs ?? 60_000);
  timer.unref();
  return { runDue, stop: () => clearInterval(timer) };
}
