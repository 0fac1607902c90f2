import client from "prom-client";
import type { Db } from "../db/client.js";
import type { EngineHandle } from "../engine/handle.js";
import { engineMetricsRepository } from "../repositories/engine-metrics.js";

/**
 * Prometheus metrics in prom-client's default registry. The registry is process-wide, so every
 * metric is created once however many apps a process builds (tests build many); the data sources
 * of the collected gauges are those of the app built last.
 */
interface Sources {
  db: Db;
  engine: EngineHandle;
}

let sources: Sources | null = null;
let metrics: ReturnType<typeof createMetrics> | null = null;
let processMetrics = false;

function createMetrics() {
  const labelNames = ["method", "route", "status_code"] as const;
  const requests = new client.Counter({
    name: "http_requests_total",
    help: "Pedidos HTTP atendidos, por rota, método e estado",
    labelNames,
  });
  const duration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Duração dos pedidos HTTP em segundos",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  new client.Gauge({
    name: "stock_monitor_engine_lag_p99_ms",
    help: "Atraso (p99) das verificações em relação à hora prevista, em ms",
    collect() {
      const lag = sources?.engine.health()?.lagMsP99;
      if (lag !== null && lag !== undefined) this.set(lag);
    },
  });
  new client.Gauge({
    name: "stock_monitor_engine_checks_last_minute",
    help: "Verificações de stock feitas no último minuto por este processo",
    collect() {
      const health = sources?.engine.health();
      if (health) this.set(health.checksLastMinute);
    },
  });
  new client.Gauge({
    name: "stock_monitor_engine_running",
    help: "1 quando o motor de verificação corre neste processo",
    collect() {
      this.set(sources?.engine.health()?.running ? 1 : 0);
    },
  });
  new client.Gauge({
    name: "stock_monitor_notifications",
    help: "Alertas na caixa de saída, por estado (pending, sending, sent, failed)",
    labelNames: ["status"] as const,
    async collect() {
      if (!sources) return;
      const rows = await engineMetricsRepository.countNotificationsByStatus(sources.db);
      this.reset();
      for (const row of rows) this.set({ status: row.status }, row.n);
    },
  });
  new client.Gauge({
    name: "stock_monitor_products",
    help: "Monitores ativos, com a última verificação falhada, sem leitura há demasiado tempo (blind) e com a página em falta (resting)",
    labelNames: ["state"] as const,
    async collect() {
      if (!sources) return;
      const row = await engineMetricsRepository.countActiveProducts(sources.db);
      this.set({ state: "active" }, row.active);
      this.set({ state: "failing" }, row.failing);
      this.set({ state: "blind" }, row.blind);
      this.set({ state: "resting" }, row.resting);
    },
  });
  return { requests, duration };
}

/** creates the metrics once and points the collected gauges at this app's database and engine */
export function useMetrics(next: Sources) {
  sources = next;
  metrics ??= createMetrics();
  return metrics;
}

export function observeRequest(
  labels: { method: string; route: string; status_code: number },
  seconds: number,
) {
  if (!metrics) return;
  const l = { ...labels, status_code: String(labels.status_code) };
  metrics.requests.inc(l);
  metrics.duration.observe(l, seconds);
}

export const metricsContentType = client.register.contentType;

/**
 * The process's own metrics (CPU, memory, event-loop delay, GC) start with the first scrape: their
 * event-loop monitor wakes the process every 10 ms and their GC observer runs after every
 * collection, ~0.4 % of a core on a server that waits, which most installs (metrics off) never read
 */
export function startProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  client.collectDefaultMetrics();
}

export function renderMetrics(): Promise<string> {
  startProcessMetrics();
  return client.register.metrics();
}
