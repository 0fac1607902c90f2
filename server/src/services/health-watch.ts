import type { Db } from "../db/client.js";
import type { EngineHandle } from "../engine/handle.js";
import { HEALTH_COUNT_CAP, healthRepository } from "../repositories/health.js";
import { getSystemSettings } from "./settings.js";

/** past these the system is degraded (config: HEALTH_MAX_LAG_MS, HEALTH_STALL_MS, HEALTH_OUTBOX_LATE_MS) */
export interface HealthBounds {
  /** p99 of the schedule lag */
  maxLagMs: number;
  /** no check finished for this long while products have been due for as long */
  stallMs: number;
  /** an outbox row still undelivered this long after it was due */
  outboxLateMs: number;
}

export const DEFAULT_HEALTH_BOUNDS: HealthBounds = {
  maxLagMs: 60_000,
  stallMs: 60_000,
  outboxLateMs: 60_000,
};

export interface HealthReport {
  database: "ok" | "error";
  engine: ReturnType<EngineHandle["health"]>;
  problems: string[];
}

const secondsText = (ms: number) => `${Math.round(ms / 1000)} s`;

export async function checkHealth(
  db: Db,
  engine: EngineHandle,
  bounds: HealthBounds = DEFAULT_HEALTH_BOUNDS,
): Promise<HealthReport> {
  const problems: string[] = [];
  let database: HealthReport["database"] = "ok";
  let overdue = 0;
  let lateAlerts = 0;
  try {
    const counts = await healthRepository.countOverdue(db, bounds);
    overdue = counts.overdue;
    lateAlerts = counts.late;
  } catch {
    database = "error";
    problems.push("a base de dados não responde");
  }
  const health = engine.health();
  if (health && !health.running) problems.push("o motor de verificação está parado");
  if (health?.lagMsP99 != null && health.lagMsP99 > bounds.maxLagMs) {
    problems.push(`as verificações estão ${secondsText(health.lagMsP99)} atrasadas (p99)`);
  }
  if (overdue > 0 && isStalled(health, bounds.stallMs)) {
    problems.push(
      `nenhuma verificação terminou há mais de ${secondsText(bounds.stallMs)} com ${overdue >= HEALTH_COUNT_CAP ? "mais de 1000" : overdue} produto(s) por verificar`,
    );
  }
  if (lateAlerts > 0) {
    problems.push(
      `${lateAlerts >= HEALTH_COUNT_CAP ? "mais de 1000" : lateAlerts} alerta(s) por enviar há mais de ${secondsText(bounds.outboxLateMs)}`,
    );
  }
  return { database, engine: health, problems };
}

/** no check finished within the bound (an engine of this process; without one, overdue products say it) */
function isStalled(health: ReturnType<EngineHandle["health"]>, stallMs: number): boolean {
  if (!health) return true;
  const last = health.lastCheckAt ? Date.parse(health.lastCheckAt) : null;
  const since = last ?? (health.startedAt ? Date.parse(health.startedAt) : 0);
  return Date.now() - since > stallMs;
}

interface WatchLog {
  info(msg: string): void;
  warn(msg: string): void;
}

/**
 * Sistema → "Monitorização de saúde": every healthCheckInterval minutes the server checks itself
 * and logs a warning naming what is wrong. Settings are read at every tick (once a minute).
 */
export function startHealthWatch(opts: {
  db: Db;
  engine: EngineHandle;
  log: WatchLog;
  tickMs?: number;
  bounds?: HealthBounds;
}) {
  let lastRun = 0;
  async function runDue(now = Date.now()): Promise<HealthReport | null> {
    const settings = await getSystemSettings(opts.db).catch(() => null);
    if (settings && !settings.enableHealthCheck) return null;
    const intervalMs = (settings?.healthCheckInterval ?? 30) * 60_000;
    if (lastRun && now - lastRun < intervalMs) return null;
    lastRun = now;
    const report = await checkHealth(opts.db, opts.engine, opts.bounds);
    if (report.problems.length) opts.log.warn(`Verificação de saúde: ${report.problems.join("; ")}`);
    return report;
  }
  const timer = setInterval(() => void runDue(), opts.tickMs ?? 60_000);
  timer.unref();
  return { runDue, stop: () => clearInterval(timer) };
}
