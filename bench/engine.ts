/**
 * `npm run bench:engine [-- --monitors 5000 --seconds 20 --db both|pglite|postgres --concurrency 200
 *   --capacity on|off --capacity-seconds 8 --cpu-prof DIR]`
 *
 * N monitors at 1 s against the stand-in retailer (a child process), on PGlite and on PostgreSQL
 * (a scratch database, dropped after). Prints checks/s, schedule lag p50/p99, restock→alert latency
 * p50/p99 (from the check that saw the flip to the stand-in webhook's receipt), CPU ms per check
 * of the engine's process, its RSS and what it grew by since the engine started, and the bare loopback requests/s of the stand-in as a
 * ceiling. Each run has a fresh process of its own, so one database's heap does not tax the next.
 *
 * Then the capacity figure (docs/decisions.md, Engine): the most monitors at 1 s whose p99 schedule
 * lag stays under 250 ms, found by bisection over short runs, printed as "sustained checks/s with
 * p99 lag < 250 ms". When the N-monitor run itself stays under 250 ms, that run is the figure
 * ("≥ N monitors": the benchmark does not look further).
 *
 * Then the browser route (bench/browser.ts; `--browser N`, default 500, 0 skips it; `--db none`
 * runs it alone).
 */
import { type ChildProcess, fork } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { request } from "undici";
import { type Database, openDatabase } from "../server/src/db/client.js";
import { products, users } from "../server/src/db/schema.js";
import { startEngine } from "../server/src/engine/start.js";
import { browserBenchmark, browserLine } from "./browser.js";

const root = path.resolve(import.meta.dirname, "..");
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const MONITORS = Number(arg("monitors", "5000"));
const SECONDS = Number(arg("seconds", "20"));
const DBS = arg("db", "both");
const CONCURRENCY = Number(arg("concurrency", "200"));
const FLIPS_PER_SECOND = Number(arg("flips", "10"));
const PG_URL = arg("pg", process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
/** `--cpu-prof DIR`: a V8 CPU profile of this process over each measured window (not the set-up) */
const PROFILE_DIR = arg("cpu-prof", "");
const CAPACITY = arg("capacity", "on") !== "off";
const CAPACITY_SECONDS = Number(arg("capacity-seconds", "8"));
/** the lag bound of the capacity figure, and the monitor-count step of its search */
const LAG_BOUND_MS = 250;
const SEARCH_STEP = 250;
const BROWSER_CHECKS = Number(arg("browser", "500"));

/** starts the V8 profiler; the returned function stops it and writes DIR/engine-<label>.cpuprofile */
async function startProfile(label: string): Promise<() => Promise<void>> {
  if (!PROFILE_DIR) return async () => {};
  const { Session } = await import("node:inspector/promises");
  const { mkdir, writeFile } = await import("node:fs/promises");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  return async () => {
    const { profile } = await session.post("Profiler.stop");
    session.disconnect();
    await mkdir(PROFILE_DIR, { recursive: true });
    const file = path.join(PROFILE_DIR, `engine-${label}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    console.log(`CPU profile: ${file}`);
  };
}

function standIn(script: string): Promise<{ child: ChildProcess; origin: string }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(root, script), ["--port", "0", "--quiet"], {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    child.once("message", (m) => resolve({ child, origin: (m as { origin: string }).origin }));
    child.once("error", reject);
  });
}

async function post(url: string, body: unknown): Promise<void> {
  const res = await request(url, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
  await res.body.text();
}

async function getJson<T>(url: string): Promise<T> {
  const res = await request(url);
  return (await res.body.json()) as T;
}

const pct = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
};

/** the stand-in's own ceiling: bare keep-alive GETs from this process for 4 s (no database, no parsing) */
async function loopbackCeiling(origin: string): Promise<number> {
  const { Pool } = await import("undici");
  const pool = new Pool(origin, { connections: 128 });
  let done = 0;
  const until = Date.now() + 4000;
  await Promise.all(
    Array.from({ length: 128 }, async () => {
      while (Date.now() < until) {
        const res = await pool.request({ path: "/products/b0.js", method: "GET" });
        await res.body.text();
        done++;
      }
    }),
  );
  await pool.close();
  return done / 4;
}

async function scratchPostgres(): Promise<{ database: Database; drop(): Promise<void> }> {
  const name = `sm_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  // an idle connection closed by the server must not end the benchmark
  (database.db as unknown as { $client: pg.Pool }).$client.on("error", (e) =>
    console.error("[bench pool]", e.message),
  );
  return {
    database,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

interface Figures {
  db: string;
  monitors: number;
  checksPerSecond: number;
  lagP50: number;
  lagP99: number;
  alertP50: number;
  alertP99: number;
  alerts: number;
  flips: number;
  cpuMsPerCheck: number;
  /** RSS gained from just before the engine started (memory per monitor: bench:footprint, from a warm idle server) */
  rssGrowthMb: number;
  rssMb: number;
}

interface RunSpec {
  kind: "pglite" | "postgres";
  monitors: number;
  seconds: number;
  shop: string;
  hook: string;
  profile: boolean;
}

async function runOn({
  kind,
  monitors: MONITORS,
  seconds: SECONDS,
  shop,
  hook,
  profile,
}: RunSpec): Promise<Figures> {
  const scratch =
    kind === "pglite"
      ? { database: await openDatabase({ dataDir: null }), drop: async () => {} }
      : await scratchPostgres();
  const { database } = scratch;
  const db = database.db;
  await post(`${shop}/__control/bulk`, {
    products: Array.from({ length: MONITORS }, (_, i) => ({ product: `b${i}`, status: "out_of_stock" })),
  });
  const [user] = await db
    .insert(users)
    .values({ username: "bench", passwordHash: "x", monitorLimit: MONITORS })
    .returning();
  for (let start = 0; start < MONITORS; start += 1000) {
    await db.insert(products).values(
      Array.from({ length: Math.min(1000, MONITORS - start) }, (_, j) => {
        const i = start + j;
        return {
          userId: user.id,
          name: `Bench ${i}`,
          productId: `b${i}`,
          url: `https://nudeproject.com/products/b${i}`,
          webhookUrl: `https://discord.com/api/webhooks/${i}/bench`,
          platform: "nudeproject",
          checkInterval: 1000,
        };
      }),
    );
  }
  const rssBefore = process.memoryUsage().rss;
  const engine = await startEngine({
    database,
    config: {
      monitorProxies: [],
      monitorRedirect: new Map([
        ["https://nudeproject.com", shop],
        ["https://discord.com", hook],
      ]),
    },
    scheduler: { maxConcurrent: CONCURRENCY, startJitterMs: 1000, leaseMs: 30_000 },
    onError: (e) => console.error("[bench engine]", e),
  });

  // warm-up: every product's first check (which writes its first activity entry)
  const warmUntil = Date.now() + 60_000;
  for (;;) {
    const r = await db.execute(sql`select count(*)::int as n from products where last_check is null`);
    if ((r as unknown as { rows: { n: number }[] }).rows[0].n === 0 || Date.now() > warmUntil) break;
    await new Promise((res) => setTimeout(res, 500));
  }
  await new Promise((res) => setTimeout(res, 2000));
  await post(`${hook}/__received/reset`, {});

  const statsBefore = await getJson<{ requests: number }>(`${shop}/__stats`);
  const stopProfile = profile ? await startProfile(kind) : async () => {};
  const cpuBefore = process.cpuUsage();
  const started = Date.now();
  engine.stats.collect();
  let flipped = 0;
  const flipper = setInterval(() => {
    const ids = Array.from({ length: FLIPS_PER_SECOND }, () => flipped++ % MONITORS);
    void post(`${shop}/__control/bulk`, { products: ids.map((i) => ({ product: `b${i}`, sizes: ["M"] })) });
  }, 1000);
  await new Promise((res) => setTimeout(res, SECONDS * 1000));
  clearInterval(flipper);
  const elapsed = (Date.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await stopProfile();
  const lags = engine.stats.takeCollected();
  const statsAfter = await getJson<{ requests: number }>(`${shop}/__stats`);
  const rssAfter = process.memoryUsage().rss;
  await new Promise((res) => setTimeout(res, 1500)); // let the last alerts arrive
  const received = await getJson<
    { at: number; status: number; body: { embeds?: { timestamp: string }[] } }[]
  >(`${hook}/__received`);
  await engine.stop();
  await scratch.drop();
  if (kind === "pglite") await database.close();

  const checks = statsAfter.requests - statsBefore.requests;
  const latencies = received
    .filter((d) => d.status < 300 && d.body.embeds?.[0]?.timestamp)
    .map((d) => d.at - Date.parse(d.body.embeds![0].timestamp));
  return {
    db: kind,
    monitors: MONITORS,
    checksPerSecond: Math.round(checks / elapsed),
    lagP50: Math.round(pct(lags, 0.5)),
    lagP99: Math.round(pct(lags, 0.99)),
    alertP50: Math.round(pct(latencies, 0.5)),
    alertP99: Math.round(pct(latencies, 0.99)),
    alerts: latencies.length,
    flips: flipped,
    cpuMsPerCheck: Number(((cpu.user + cpu.system) / 1000 / Math.max(1, checks)).toFixed(3)),
    rssGrowthMb: Math.round((rssAfter - rssBefore) / 1024 / 1024),
    rssMb: Math.round(rssAfter / 1024 / 1024),
  };
}

/** one run in a fresh process (this script with --child): its figures */
function runIsolated(spec: RunSpec): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = fork(
      path.join(root, "bench/engine.ts"),
      ["--child", JSON.stringify(spec), ...passThrough()],
      {
        execArgv: ["--import", "tsx"],
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      },
    );
    let figures: Figures | null = null;
    child.on("message", (m) => {
      figures = m as Figures;
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      figures ? resolve(figures) : reject(new Error(`run ${spec.kind}/${spec.monitors} exited ${code}`)),
    );
  });
}

/** the options a child needs from the command line */
function passThrough(): string[] {
  const out: string[] = [];
  for (const name of ["concurrency", "flips", "pg", "cpu-prof"]) {
    const i = process.argv.indexOf(`--${name}`);
    if (i > 0) out.push(`--${name}`, process.argv[i + 1]);
  }
  return out;
}

const line = (f: Figures) =>
  `checks/s ${f.checksPerSecond} · lag p50 ${f.lagP50} ms p99 ${f.lagP99} ms · ` +
  `restock→alert p50 ${f.alertP50} ms p99 ${f.alertP99} ms (${f.alerts}/${f.flips} flips) · ` +
  `CPU ${f.cpuMsPerCheck} ms/check`;

/**
 * The most monitors at 1 s with p99 lag < LAG_BOUND_MS: bisection between a count assumed to pass
 * and one seen to fail, in SEARCH_STEP steps; the first probe is near the full run's throughput.
 */
async function capacity(full: Figures, spec: Omit<RunSpec, "monitors" | "seconds">): Promise<Figures | null> {
  if (full.lagP99 < LAG_BOUND_MS) return full;
  let best: Figures | null = null;
  let lo = 0;
  let hi = full.monitors;
  const round = (n: number) => Math.max(SEARCH_STEP, Math.round(n / SEARCH_STEP) * SEARCH_STEP);
  let probe = Math.min(hi - SEARCH_STEP, round(full.checksPerSecond * 0.8));
  while (hi - lo > SEARCH_STEP && probe > lo && probe < hi) {
    const f = await runIsolated({ ...spec, monitors: probe, seconds: CAPACITY_SECONDS, profile: false });
    const ok = f.lagP99 < LAG_BOUND_MS;
    console.log(
      `  ${spec.kind} capacity probe ${probe} monitors: ${line(f)} → ${ok ? "under" : "over"} ${LAG_BOUND_MS} ms`,
    );
    if (ok) {
      lo = probe;
      best = f;
    } else hi = probe;
    probe = round((lo + hi) / 2);
    if (probe <= lo) probe = lo + SEARCH_STEP;
    if (probe >= hi) probe = hi - SEARCH_STEP;
  }
  return best;
}

async function child(spec: RunSpec) {
  const figures = await runOn(spec);
  await new Promise<void>((resolve) => process.send?.(figures, () => resolve()));
}

async function main() {
  const childSpec = arg("child", "");
  if (childSpec) return child(JSON.parse(childSpec) as RunSpec);
  const retailer = await standIn("tools/fake-retailer.ts");
  const webhook = await standIn("tools/fake-webhook.ts");
  try {
    await post(`${retailer.origin}/__control`, { product: "b0", status: "out_of_stock" });
    const ceiling = await loopbackCeiling(retailer.origin);
    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ");
    console.log(
      `\nStock Monitor engine benchmark: ${MONITORS} monitors at 1 s, ${SECONDS} s per database, ${CONCURRENCY} checks at once`,
    );
    console.log(`load average at start: ${load()} (${os.cpus().length} CPUs)`);
    console.log(
      `stand-in bare loopback ceiling: ${Math.round(ceiling)} requests/s (128 keep-alive connections)\n`,
    );
    const kinds =
      DBS === "both"
        ? (["pglite", "postgres"] as const)
        : DBS === "none"
          ? []
          : ([DBS] as ("pglite" | "postgres")[]);
    const rows: (Figures & { capacity: Figures | null })[] = [];
    for (const kind of kinds) {
      const spec = { kind, shop: retailer.origin, hook: webhook.origin };
      const figures = await runIsolated({ ...spec, monitors: MONITORS, seconds: SECONDS, profile: true });
      console.log(
        `${kind.padEnd(9)} ${line(figures)} · RSS ${figures.rssMb} MB (+${figures.rssGrowthMb} MB since the engine started)`,
      );
      const cap = CAPACITY ? await capacity(figures, { ...spec, profile: false }) : null;
      if (CAPACITY) {
        console.log(
          cap
            ? `${kind.padEnd(9)} sustained checks/s with p99 lag < ${LAG_BOUND_MS} ms: ${cap.checksPerSecond} ` +
                `(${cap === figures ? "≥ " : ""}${cap.monitors} monitors at 1 s: ${line(cap)})`
            : `${kind.padEnd(9)} sustained checks/s with p99 lag < ${LAG_BOUND_MS} ms: none found down to ${SEARCH_STEP} monitors`,
        );
      }
      rows.push({ ...figures, capacity: cap === figures ? { ...figures } : cap });
    }
    const browser =
      BROWSER_CHECKS > 0
        ? await browserBenchmark({
            checks: BROWSER_CHECKS,
            pages: 2,
            pageUses: 50,
            capMb: 768,
            log: console.log,
          })
        : null;
    if (browser) console.log(browserLine(browser));
    console.log(`load average at end: ${load()}`);
    console.log(
      `\n${JSON.stringify({ monitors: MONITORS, seconds: SECONDS, ceiling: Math.round(ceiling), load: os.loadavg(), rows, browser })}`,
    );
  } finally {
    retailer.child.kill();
    webhook.child.kill();
  }
}

void main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
