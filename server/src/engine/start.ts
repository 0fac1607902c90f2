import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import { isDatabaseUnavailable } from "../db/unavailable.js";
import type { Resolver } from "../net/address-guard.js";
import { BrowserRoute } from "./browser/browser-route.js";
import type { BrowserSettings } from "./browser/settings.js";
import { type AdapterLookup, createCheckRunner } from "./check-runner.js";
import { HostAllotments } from "./fetch/host-allotments.js";
import { BudgetOverrides } from "./fetch/budget-overrides.js";
import { budgetOf, type HostBudget } from "./fetch/host-budget.js";
import { EngineHttp, type EngineHttpOptions } from "./fetch/http-client.js";
import { IntervalStretch } from "./interval-stretch.js";
import { CATALOGUE } from "./platforms/index.js";
import { Transport } from "./fetch/transport.js";
import type { EngineHandle } from "./handle.js";
import { openChannels } from "./notify/channels/index.js";
import { Notifier, type NotifierOptions } from "./notify/outbox.js";
import { configureParsePool } from "./parse/pool.js";
import { scheduleWeeklyReports } from "./weekly-report.js";
import { schedulePruning } from "./prune.js";
import { Scheduler, type SchedulerOptions } from "./scheduler.js";
import { EngineStats } from "./stats.js";
import { DiskRoom } from "./disk-room.js";
import { type OperatorLog, silentLog } from "../operator-log.js";

export interface EngineOptions {
  database: Database;
  config: Pick<Config, "monitorProxies" | "monitorRedirect"> &
    Partial<
      Pick<
        Config,
        | "checkTimeoutMs"
        | "checksPerHost"
        | "checksPerUser"
        | "parseWorkerMinBytes"
        | "webhookTimeoutMs"
        | "dataDir"
        | "disk"
        | "publicUrl"
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
      | "holdSettledMs"
      | "soleEngine"
      | "blind"
      | "rest"
    >
  >;
  notifier?: Partial<Omit<NotifierOptions, "db" | "transport">>;
  http?: Partial<EngineHttpOptions>;
  resolve?: Resolver;
  adapters?: AdapterLookup;
  /** tests shorten the allotments' renewal */
  allotments?: { renewMs?: number; ttlMs?: number; idleMs?: number };
  /** the browser route (loadBrowserSettings()); absent or null = plain HTTP only */
  browser?: BrowserSettings | null;
  onError?: (error: unknown) => void;
  /** the operator's lines: a host backing off and back, a monitor paused, an alert given up */
  log?: OperatorLog;
  /** stop() destroys every socket still open this long after it began */
  shutdownGraceMs?: number;
}

export type Engine = EngineHandle & {
  stop(): Promise<void>;
  readonly workerId: string;
  readonly http: EngineHttp;
  readonly allotments: HostAllotments;
  readonly stretch: IntervalStretch;
  readonly stats: EngineStats;
  readonly browser: BrowserRoute | null;
};

const withoutUndefined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** a host's budget is looked up once (every request asks for it) until `forget()` */
function memoBudgets(lookup: (host: string) => HostBudget) {
  const known = new Map<string, HostBudget>();
  const budgetOfHost = (host: string) => {
    let budget = known.get(host);
    if (!budget) {
      budget = lookup(host);
      known.set(host, budget);
    }
    return budget;
  };
  return { budgetOf: budgetOfHost, forget: () => known.clear() };
}

/**
 * An engine error for the operator: a database that is not answering (a restore reopening it, a
 * deadline passed) is one line, since every part of the engine meets it at once and retries by
 * itself; anything else with its stack
 */
function logEngineError(error: unknown): void {
  if (isDatabaseUnavailable(error))
    console.error(`[engine] base de dados indisponível: ${(error as Error).message}`);
  else console.error("[engine]", error);
}

/**
 * how long the embedded database's engine keeps a settled target leased between its checks: cards
 * say "agora" for any check under 10 s old, so clocks written every 5 s at most are not seen
 */
const SETTLED_HOLD_MS = 5_000;

/** Starts the scheduler and the notifier; stop() finishes the checks under way and hands back leases. */
export async function startEngine(opts: EngineOptions): Promise<Engine> {
  if (opts.config.parseWorkerMinBytes !== undefined) {
    configureParsePool({ minBytes: opts.config.parseWorkerMinBytes });
  }
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const db = opts.database.db;
  const onError = opts.onError ?? logEngineError;
  // the admin's budgets (Settings → Sistema) over the platforms' records, read every few seconds
  const budgets = memoBudgets((host) =>
    budgetOf(host, { platforms: CATALOGUE.list, overrides: overrides.map }),
  );
  const overrides = new BudgetOverrides(db, 5_000, budgets.forget);
  overrides.start(onError);
  const http = new EngineHttp({
    redirects: opts.config.monitorRedirect,
    proxies: opts.config.monitorProxies,
    resolve: opts.resolve,
    budgetOf: budgets.budgetOf,
    ...opts.http,
  });
  // every engine process together keeps within each retailer's budget
  const allotments = new HostAllotments({
    db,
    workerId,
    budgetOf: http.budgetOf,
    backlog: (host) => http.limiter.waiting(host),
    onChange: (host) => http.refreshHost(host),
    onError,
    ...opts.allotments,
  });
  http.keepToAllotments(allotments);
  const log = opts.log ?? silentLog;
  http.limiter.onBackoff = (host, backoffMs) => {
    if (backoffMs === 0) log.info(`${host} voltou a responder: verificações normais`);
    else
      log.warn(
        `${host} recusou pedidos (403/429 ou bloqueio): em pausa durante ${Math.round(backoffMs / 1000)} s`,
      );
  };
  const stretch = new IntervalStretch({
    db,
    budgetOf: http.budgetOf,
    budgeted: (host) => http.hasBudget(host),
  });
  allotments.start();
  const webhookTransport = new Transport({
    redirects: opts.config.monitorRedirect,
    resolve: opts.resolve,
    allowPrivate: opts.config.allowPrivateWebhooks === true,
  });
  const browser = opts.browser ? new BrowserRoute(http, opts.browser, onError) : null;
  // the per-user channels set up here (e-mail only with SMTP_URL), each from its record
  const channels = await openChannels({ db, transport: webhookTransport, config: opts.config });
  const notifier = new Notifier({
    db,
    log,
    transport: webhookTransport,
    onError,
    ...withoutUndefined({ timeoutMs: opts.config.webhookTimeoutMs, appUrl: opts.config.publicUrl }),
    channels: [...channels.values()],
    ...opts.notifier,
  });
  const stats = new EngineStats();
  // the embedded database shares DATA_DIR's disk: under the writes floor, checks wait for room
  const diskRoom =
    opts.database.kind === "pglite" && opts.config.dataDir && opts.config.disk
      ? new DiskRoom({ dir: opts.config.dataDir, minFreeMb: opts.config.disk.minFreeWritesMb, log })
      : null;
  await diskRoom?.start();
  const scheduler = new Scheduler({
    db,
    log,
    workerId,
    check: createCheckRunner(http, opts.adapters, browser),
    stats,
    onAlertsQueued: (alerts) => notifier.accept(alerts),
    alertLeaseMs: notifier.leaseMs,
    openChannels: [...channels.keys()],
    maxWrites: opts.database.kind === "pglite" ? 1 : 3,
    maxStatementRows: opts.database.kind === "pglite" ? 100 : 500,
    // one engine process on the embedded database: its settled targets are held between checks
    // (no other process waits to take them) and what a killed run left leased is its own
    ...(opts.database.kind === "pglite" ? { holdSettledMs: SETTLED_HOLD_MS, soleEngine: true } : {}),
    onError,
    hostLimit: (url) => http.concurrencyFor(url),
    stretch,
    wake: opts.database.changes,
    ...(diskRoom ? { roomToWrite: () => diskRoom.hasRoom } : {}),
    ...withoutUndefined({
      checkTimeoutMs: opts.config.checkTimeoutMs,
      maxPerHost: opts.config.checksPerHost,
      maxPerUser: opts.config.checksPerUser,
      ...opts.scheduler,
    }),
  });
  // the engine sleeps while idle and wakes on the feed's notifications (also in a worker process)
  await opts.database.changes.start();
  notifier.start();
  await scheduler.start();
  const stopPruning = schedulePruning(db, onError);
  const startedAt = new Date().toISOString();
  const stopReports = channels.has("email")
    ? scheduleWeeklyReports(db, () => notifier.wake(), onError)
    : () => {};
  let running = true;

  return {
    workerId,
    http,
    allotments,
    stretch,
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
      diskRoom?.stop();
      try {
        await scheduler.stop();
        await browser?.close();
        await allotments.stop().catch(onError);
        overrides.stop();
        await notifier.stop();
      } finally {
        clearTimeout(force);
        await Promise.all([http.destroy(), webhookTransport.close()]);
        for (const channel of channels.values()) channel.close?.();
      }
    },
  };
}
