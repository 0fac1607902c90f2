import type { Db } from "../db/client.js";
import type { EngineHandle } from "../engine/handle.js";
import type { MonitorCounts } from "@common/schemas/health.js";
import { engineMetricsRepository } from "../repositories/engine-metrics.js";
import { HEALTH_COUNT_CAP, healthRepository } from "../repositories/health.js";
import { type DiskFloors, lowDiskReason } from "./disk-space.js";
import { getSystemSettings } from "./settings.js";

/** past these the system is degraded (config: HEALTH_MAX_LAG_MS, HEALTH_STALL_MS, HEALTH_OUTBOX_LATE_MS) */
export interface HealthBounds {
  /** p99 of the schedule lag */
  maxLagMs: number;
  /** no check finished for this long while products have been due for as long */
  stallMs: number;
  /** an outbox row still undelivered this long after it was due */
  outboxLateMs: number;
  /** the probe's own deadline: a database that does not answer within it is reported, not waited for */
  dbTimeoutMs?: number;
}

/** HEALTH_DB_TIMEOUT_MS's default */
export const DEFAULT_HEALTH_DB_TIMEOUT_MS = 3_000;

/** the promise's value, or the fallback's once `ms` have passed */
export function withDeadline<T>(promise: Promise<T>, ms: number, onLate: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onLate()), ms);
    timer.unref();
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
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
  /** every user's monitors by state; absent when the database did not answer */
  monitors?: MonitorCounts;
}

const secondsText = (ms: number) => `${Math.round(ms / 1000)} s`;

export async function checkHealth(
  db: Db,
  engine: EngineHandle,
  bounds: HealthBounds = DEFAULT_HEALTH_BOUNDS,
  /** DATA_DIR and its floors, when the database lives there (PGlite) */
  disk?: { dataDir: string; floors: DiskFloors },
): Promise<HealthReport> {
  const problems: string[] = [];
  let database: HealthReport["database"] = "ok";
  let overdue = 0;
  let lateAlerts = 0;
  const timeoutMs = bounds.dbTimeoutMs ?? DEFAULT_HEALTH_DB_TIMEOUT_MS;
  const [counts, monitors, diskReason] = await Promise.all([
    withDeadline(healthRepository.countOverdue(db, bounds), timeoutMs, () => new Error("late")).catch(
      () => null,
    ),
    withDeadline(engineMetricsRepository.countActiveProducts(db), timeoutMs, () => new Error("late")).catch(
      () => undefined,
    ),
    disk ? lowDiskReason(disk.dataDir, disk.floors) : null,
  ]);
  if (diskReason) problems.push(diskReason);
  if (counts) {
    overdue = counts.overdue;
    lateAlerts = counts.late;
  } else {
    database = "error";
    problems.push(`a base de dados não responde (em ${secondsText(timeoutMs)})`);
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
  return { database, engine: health, problems, ...(monitors ? { monitors } : {}) };
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
  disk?: { dataDir: string; floors: DiskFloors };
}) {
  let lastRun = 0;
  async function runDue(now = Date.now()): Promise<HealthReport | null> {
    const timeoutMs = opts.bounds?.dbTimeoutMs ?? DEFAULT_HEALTH_DB_TIMEOUT_MS;
    const settings = await withDeadline(getSystemSettings(opts.db), timeoutMs, () => new Error("late")).catch(
      () => null,
    );
    if (settings && !settings.enableHealthCheck) return null;
    const intervalMs = (settings?.healthCheckInterval ?? 30) * 60_000;
    if (lastRun && now - lastRun < intervalMs) return null;
    lastRun = now;
    const report = await checkHealth(opts.db, opts.engine, opts.bounds, opts.disk);
    if (report.problems.length) opts.log.warn(`Verificação de saúde: ${report.problems.join("; ")}`);
    return report;
  }
  const timer = setInterval(() => void runDue(), opts.tickMs ?? 60_000);
  timer.unref();
  return { runDue, stop: () => clearInterval(timer) };
}
