import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import type { Resolver } from "../net/address-guard.js";
import { BrowserRoute } from "./browser/browser-route.js";
import type { BrowserSettings } from "./browser/settings.js";
import { type AdapterLookup, createCheckRunner } from "./check-runner.js";
import { EngineHttp, type EngineHttpOptions } from "./fetch/http-client.js";
import { Transport } from "./fetch/transport.js";
import type { EngineHandle } from "./handle.js";
import { createEmailChannel } from "./notify/email.js";
import { Notifier, type NotifierOptions } from "./notify/outbox.js";
import { configureParsePool } from "./parse/pool.js";
import { createWebPushChannel, loadVapidKeys } from "./notify/web-push.js";
import { scheduleWeeklyReports } from "./weekly-report.js";
import { schedulePruning } from "./prune.js";
import { Scheduler, type SchedulerOptions } from "./scheduler.js";
import { EngineStats } from "./stats.js";

export interface EngineOptions {
  database: Database;
  config: Pick<Config, "monitorProxies" | "monitorRedirect"> &
    Partial<
      Pick<
        Config,
        "checkTimeoutMs" | "checksPerHost" | "checksPerUser" | "parseWorkerMinBytes" | "webhookTimeoutMs"
      >
    > & {
      allowPrivateWebhooks?: boolean;
      smtpUrl?: string;
      vapidSubject?: string;
    };
  workerId?: string;
  /** tests and benchmarks tune the parts */
  scheduler?: Partial<
    Pick<
      SchedulerOptions,
      | "leaseMs"
      | "startJitterMs"
      | "settingsRefreshMs"
      | "maxConcurrent"
      | "flushDelayMs"
      | "checkTimeoutMs"
      | "maxPerHost"
      | "maxPerUser"
      | "capDeferMs"
    >
  >;
  notifier?: Partial<Omit<NotifierOptions, "db" | "transport">>;
  http?: Partial<EngineHttpOptions>;
  resolve?: Resolver;
  adapters?: AdapterLookup;
  /** the browser route (loadBrowserSettings()); absent or null = plain HTTP only */
  browser?: BrowserSettings | null;
  onError?: (error: unknown) => void;
  /** stop() destroys every socket still open this long after it began */
  shutdownGraceMs?: number;
}

export type Engine = EngineHandle & {
  stop(): Promise<void>;
  readonly workerId: string;
  readonly http: EngineHttp;
  readonly stats: EngineStats;
  readonly browser: BrowserRoute | null;
};

const withoutUndefined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** Starts the scheduler and the notifier; stop() finishes the checks under way and hands back leases. */
export async function startEngine(opts: EngineOptions): Promise<Engine> {
  if (opts.config.parseWorkerMinBytes !== undefined) {
    configureParsePool({ minBytes: opts.config.parseWorkerMinBytes });
  }
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
  const browser = opts.browser ? new BrowserRoute(http, opts.browser, onError) : null;
  const email = opts.config.smtpUrl ? createEmailChannel(opts.config.smtpUrl) : null;
  const notifier = new Notifier({
    db,
    transport: webhookTransport,
    onError,
    ...withoutUndefined({ timeoutMs: opts.config.webhookTimeoutMs }),
    channels: [
      ...(email ? [email] : []),
      createWebPushChannel({
        db,
        transport: webhookTransport,
        keys: await loadVapidKeys(db),
        subject: opts.config.vapidSubject ?? "mailto:stock-monitor@localhost",
      }),
    ],
    ...opts.notifier,
  });
  const stats = new EngineStats();
  const scheduler = new Scheduler({
    db,
    workerId,
    check: createCheckRunner(http, opts.adapters, browser),
    stats,
    onAlertsQueued: (alerts) => notifier.accept(alerts),
    alertLeaseMs: notifier.leaseMs,
    emailAlerts: email !== null,
    maxWrites: opts.database.kind === "pglite" ? 1 : 3,
    maxStatementRows: opts.database.kind === "pglite" ? 100 : 500,
    onError,
    hostLimit: (url) => http.concurrencyFor(url),
    ...withoutUndefined({
      checkTimeoutMs: opts.config.checkTimeoutMs,
      maxPerHost: opts.config.checksPerHost,
      maxPerUser: opts.config.checksPerUser,
      ...opts.scheduler,
    }),
  });
  notifier.start();
  await scheduler.start();
  const stopPruning = schedulePruning(db, onError);
  const startedAt = new Date().toISOString();
  const stopReports = email ? scheduleWeeklyReports(db, () => notifier.wake(), onError) : () => {};
  let running = true;

  return {
    workerId,
    http,
    stats,
    browser,
    checkSoon(productId) {
      if (running) scheduler.checkSoon(productId).catch(onError);
    },
    health() {
      const last = scheduler.lastCheckFinishedAt;
      return {
        running,
        lagMsP99: stats.lagP99(),
        checksLastMinute: stats.checksLastMinute(),
        startedAt,
        lastCheckAt: last > 0 ? new Date(last).toISOString() : null,
      };
    },
    async stop() {
      if (!running) return;
      running = false;
      stopPruning();
      // whatever the hosts do, nothing outlives the grace: sockets still open then are destroyed
      const force = setTimeout(() => {
        void http.destroy();
        void webhookTransport.destroy();
      }, opts.shutdownGraceMs ?? 8_000);
      stopReports();
      try {
        await scheduler.stop();
        await browser?.close();
        await notifier.stop();
      } finally {
        clearTimeout(force);
        await Promise.all([http.destroy(), webhookTransport.close()]);
        email?.close();
      }
    },
  };
}
