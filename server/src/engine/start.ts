import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import type { Resolver } from "../net/address-guard.js";
import { type AdapterLookup, createCheckRunner } from "./check-runner.js";
import { EngineHttp, type EngineHttpOptions } from "./fetch/http-client.js";
import { Transport } from "./fetch/transport.js";
import type { EngineHandle } from "./handle.js";
import { Notifier, type NotifierOptions } from "./notify/outbox.js";
import { schedulePruning } from "./prune.js";
import { Scheduler, type SchedulerOptions } from "./scheduler.js";
import { EngineStats } from "./stats.js";

export interface EngineOptions {
  database: Database;
  config: Pick<Config, "monitorProxies" | "monitorRedirect"> & { allowPrivateWebhooks?: boolean };
  workerId?: string;
  /** tests and benchmarks tune the parts */
  scheduler?: Partial<
    Pick<
      SchedulerOptions,
      "leaseMs" | "startJitterMs" | "settingsRefreshMs" | "maxConcurrent" | "flushDelayMs"
    >
  >;
  notifier?: Partial<Omit<NotifierOptions, "db" | "transport">>;
  http?: Partial<EngineHttpOptions>;
  resolve?: Resolver;
  adapters?: AdapterLookup;
  onError?: (error: unknown) => void;
}

export type Engine = EngineHandle & {
  stop(): Promise<void>;
  readonly workerId: string;
  readonly http: EngineHttp;
  readonly stats: EngineStats;
};

/** Starts the scheduler and the notifier; stop() finishes the checks under way and hands back leases. */
export async function startEngine(opts: EngineOptions): Promise<Engine> {
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const db = opts.database.db;
  const onError = opts.onError ?? ((error: unknown) => console.error("[engine]", error));
  const http = new EngineHttp({
    redirects: opts.config.monitorRedirect,
    proxies: opts.config.monitorProxies,
    resolve: opts.resolve,
    ...opts.http,
  });
  const webhookTransport = new Transport({
    redirects: opts.config.monitorRedirect,
    resolve: opts.resolve,
    allowPrivate: opts.config.allowPrivateWebhooks === true,
  });
  const notifier = new Notifier({ db, transport: webhookTransport, onError, ...opts.notifier });
  const stats = new EngineStats();
  const scheduler = new Scheduler({
    db,
    workerId,
    check: createCheckRunner(http, opts.adapters),
    stats,
    onAlertsQueued: (alerts) => notifier.accept(alerts),
    alertLeaseMs: notifier.leaseMs,
    maxWrites: opts.database.kind === "pglite" ? 1 : 3,
    onError,
    ...opts.scheduler,
  });
  notifier.start();
  await scheduler.start();
  const stopPruning = schedulePruning(db, onError);
  let running = true;

  return {
    workerId,
    http,
    stats,
    checkSoon(productId) {
      if (running) scheduler.checkSoon(productId).catch(onError);
    },
    health() {
      return { running, lagMsP99: stats.lagP99(), checksLastMinute: stats.checksLastMinute() };
    },
    async stop() {
      if (!running) return;
      running = false;
      stopPruning();
      await scheduler.stop();
      await notifier.stop();
      await Promise.all([http.close(), webhookTransport.close()]);
    },
  };
}
