/**
 * `npm run bench:footprint [-- --db both|pglite|postgres --warmup 20 --window 60 --scenarios idle,100@60,300@1,restart]`
 *
 * What the app costs while it waits: the real server as `npm start` runs it (compiled, with the
 * start script's node flags; built first when its sources changed), engine on, against the stand-in
 * retailer, with 0 monitors, 100 at 60 s and 300 at 1 s, on the embedded database and on
 * PostgreSQL. After a warm-up it reads, over a window, the process's RSS (sampled every 5 s:
 * mean and peak) and its CPU time from /proc as a % of one core; on PostgreSQL the CPU of the
 * database server (its processes, and those that ended in the window) is added, since that work
 * moved out of the process. `restart` (alone: `--scenarios restart --starts 5`): the time from `npm start`'s
 * node to the server's "Stock Monitor em" line on a database that already holds 100 monitors and
 * a build that is up to date (the first start, which also creates the cluster, is not counted).
 * Figures, not a test: the README quotes them.
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { request } from "undici";
import { openDatabase } from "../server/src/db/client.js";
import { products, users } from "../server/src/db/schema.js";
import { startEnv, startNodeArgs } from "./start-flags.js";

const root = path.resolve(import.meta.dirname, "..");
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const DBS = arg("db", "both");
const WARMUP_S = Number(arg("warmup", "20"));
const WINDOW_S = Number(arg("window", "60"));
const PG_URL = arg("pg", process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
const STARTS = Number(arg("starts", "5"));
/** also print the CPU of each of the server's threads over the window (by thread name) */
const THREADS = process.argv.includes("--threads");
/** the server's own output shown (with SM_TRACE_SQL=1 on the embedded database, its statements every 20 s) */
const SERVER_LOG = process.argv.includes("--server-log");
/** "idle", N@S (N monitors at S seconds) or "restart" */
const SCENARIOS = arg("scenarios", "idle,100@60,300@1,restart")
  .split(",")
  .map((s) => {
    if (s === "idle") return { label: "0 monitors", monitors: 0, intervalS: 60 };
    if (s === "restart") return { label: "restart", monitors: 100, intervalS: 60, restart: true };
    const [n, secs] = s.split("@").map(Number);
    return { label: `${n} at ${secs} s`, monitors: n, intervalS: secs };
  });
/** node's flags in `npm start`, or others to compare: --node-args "--max-semi-space-size=4" */
const NODE_ARGS = startNodeArgs();
/** the variables `npm start` sets before node (`--start-env ""` to compare without) */
const START_ENV = startEnv();
const TICKS_PER_S = 100; // USER_HZ on Linux

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

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * a /proc `stat` file's fields after the process name (which may hold spaces): [0] state,
 * [1] parent pid, [11] user and [12] system ticks, [13]/[14] those of its waited-for children
 */
const statFields = (stat: string): string[] => stat.slice(stat.lastIndexOf(")") + 2).split(" ");

/** user + system CPU seconds of a process so far (0 once it is gone) */
function cpuSeconds(pid: number): number {
  try {
    const fields = statFields(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
  } catch {
    return 0;
  }
}

/** CPU seconds of each thread of the process so far, by tid, with its name */
interface ThreadTimes {
  name: string;
  s: number;
  sys: number;
  wakeups: number;
}

function threadCpu(pid: number): Map<string, ThreadTimes> {
  const out = new Map<string, ThreadTimes>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = statFields(stat);
      const status = fs.readFileSync(`/proc/${pid}/task/${tid}/status`, "utf8");
      out.set(tid, {
        name,
        s: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S,
        sys: Number(fields[12]) / TICKS_PER_S,
        wakeups: Number(status.match(/voluntary_ctxt_switches:\s+(\d+)/)?.[1] ?? 0),
      });
    } catch {}
  }
  return out;
}

function threadReport(before: Map<string, ThreadTimes>, pid: number): string {
  const after = threadCpu(pid);
  const rows = [...after]
    .map(([tid, t]) => {
      const b = before.get(tid);
      return {
        tid,
        name: t.name,
        s: t.s - (b?.s ?? 0),
        sys: t.sys - (b?.sys ?? 0),
        wakeups: t.wakeups - (b?.wakeups ?? 0),
      };
    })
    .filter((t) => t.s > 0 || t.wakeups > 0)
    .sort((a, b) => b.s - a.s);
  const pct = (s: number) => `${((s / WINDOW_S) * 100).toFixed(2)} %`;
  return rows
    .map(
      (t) =>
        `\n    ${t.name.padEnd(16)} ${t.tid.padStart(7)} ${pct(t.s).padStart(7)} (system ${pct(t.sys)}), ${Math.round(t.wakeups / WINDOW_S)} wake-ups/s`,
    )
    .join("");
}

const rssMb = (pid: number) =>
  Number(fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;

async function seed(
  databaseUrl: string | undefined,
  dataDir: string | undefined,
  monitors: number,
  intervalMs: number,
) {
  const database = await openDatabase({ databaseUrl, dataDir });
  const [user] = await database.db
    .insert(users)
    .values({ username: "bench", passwordHash: "x", monitorLimit: Math.max(1, monitors) })
    .returning();
  if (monitors > 0)
    await database.db.insert(products).values(
      Array.from({ length: monitors }, (_, i) => ({
        userId: user.id,
        name: `Footprint ${i}`,
        productId: `f${i}`,
        url: `https://nudeproject.com/products/f${i}`,
        webhookUrl: `https://discord.com/api/webhooks/${i}/footprint`,
        platform: "nudeproject",
        checkInterval: intervalMs,
      })),
    );
  await database.close();
}

async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sm_footprint_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** the PostgreSQL server's main process (the parent of every backend) */
async function postmasterPid(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ pid: number }>("select pg_backend_pid() as pid");
  // read while this backend lives
  const stat = fs.readFileSync(`/proc/${r.rows[0].pid}/stat`, "utf8");
  await c.end();
  return Number(statFields(stat)[1]);
}

/**
 * CPU seconds the whole PostgreSQL server has used so far: its main process, every process it
 * runs now, and (the main process's counts of its waited-for children) every backend that has
 * ended: the engine's pool closes idle connections and opens new ones within a window, and a
 * list of backends taken at its start lost their time (it read 0.0 % on 1 Dec).
 */
function serverCpuSeconds(postmaster: number): number {
  const f = statFields(fs.readFileSync(`/proc/${postmaster}/stat`, "utf8"));
  let total = (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICKS_PER_S;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const child = statFields(fs.readFileSync(`/proc/${entry}/stat`, "utf8"));
      if (Number(child[1]) === postmaster) total += (Number(child[11]) + Number(child[12])) / TICKS_PER_S;
    } catch {
      // ended meanwhile: its time is in the main process's children count once it was waited for
    }
  }
  return total;
}

function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; pid: number; readyMs: number }> {
  const began = performance.now();
  return new Promise((resolve, reject) => {
    // as `npm start` runs it: the compiled server (built first when its sources changed)
    const child = spawn(process.execPath, [...NODE_ARGS, "scripts/start.mjs"], {
      cwd: root,
      env: {
        ...process.env,
        ...START_ENV,
        ...env,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        CHROMIUM_PATH: "off",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (SERVER_LOG) process.stdout.write(chunk);
      if (out.includes("Stock Monitor em") && child.pid)
        resolve({ child, pid: child.pid, readyMs: performance.now() - began });
    });
    child.once("exit", (code) => reject(new Error(`the server ended (${code}) before it listened`)));
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** each database's idle RSS (mean over its window), when the run measured it */
const idleRss = new Map<string, number>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** requests the stand-in retailer has answered so far: the checks made, one request each */
async function retailerRequests(origin: string): Promise<number> {
  const r = await request(`${origin}/__stats`);
  return Number(((await r.body.json()) as { requests: number }).requests);
}

async function measure(
  kind: "pglite" | "postgres",
  scenario: (typeof SCENARIOS)[number],
  redirect: string,
  retailerOrigin: string,
): Promise<string> {
  const scratch = kind === "postgres" ? await scratchDatabase() : null;
  const dataDir = kind === "pglite" ? fs.mkdtempSync(path.join(os.tmpdir(), "sm-footprint-")) : undefined;
  try {
    await seed(scratch?.url, dataDir, scenario.monitors, scenario.intervalS * 1000);
    const env: Record<string, string> = {
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      MONITOR_REDIRECT: redirect,
      ADMIN_PASSWORD: "footprint-bench",
    };
    if (scratch) env.DATABASE_URL = scratch.url;
    else env.DATA_DIR = dataDir as string;
    if ("restart" in scenario) {
      // the first start creates what a first start creates (the admin, the keys); then restarts
      const first = await startServer(env);
      await stopServer(first.child);
      const times: number[] = [];
      for (let i = 0; i < STARTS; i++) {
        const { child, readyMs } = await startServer(env);
        times.push(readyMs);
        await sleep(2000);
        await stopServer(child);
      }
      const sorted = [...times].sort((a, b) => a - b);
      return `${kind.padEnd(8)} restart      ready in ${(sorted[Math.floor(sorted.length / 2)] / 1000).toFixed(2)} s median (${times.map((t) => (t / 1000).toFixed(2)).join(", ")} s), first start ${(first.readyMs / 1000).toFixed(2)} s`;
    }
    const { child, pid } = await startServer(env);
    try {
      await sleep(WARMUP_S * 1000);
      // the whole server's CPU: other work on it (another suite, another database) counts too,
      // so this is measured on a quiet machine
      const postmaster = scratch ? await postmasterPid(scratch.url) : null;
      const dbCpu0 = postmaster ? serverCpuSeconds(postmaster) : 0;
      const dbCpuSince = () => (postmaster ? serverCpuSeconds(postmaster) - dbCpu0 : 0);
      const requests0 = await retailerRequests(retailerOrigin);
      const cpu0 = cpuSeconds(pid);
      const threads0 = THREADS ? threadCpu(pid) : null;
      const rss: number[] = [];
      const until = Date.now() + WINDOW_S * 1000;
      while (Date.now() < until) {
        rss.push(rssMb(pid));
        await sleep(Math.min(5000, Math.max(0, until - Date.now())));
      }
      rss.push(rssMb(pid));
      const appCpu = ((cpuSeconds(pid) - cpu0) / WINDOW_S) * 100;
      const databaseCpu = (dbCpuSince() / WINDOW_S) * 100;
      const checks = (await retailerRequests(retailerOrigin)) - requests0;
      // the figure is only worth what the engine did in the window: the checks it made, and each one's CPU
      const perCheck =
        checks > 0
          ? ` · ${(checks / WINDOW_S).toFixed(1)} checks/s, ${((((appCpu + databaseCpu) / 100) * WINDOW_S * 1000) / checks).toFixed(2)} ms of CPU per check`
          : "";
      const mean = rss.reduce((a, b) => a + b, 0) / rss.length;
      const cpuText = scratch
        ? `CPU ${(appCpu + databaseCpu).toFixed(1)} % of a core (app ${appCpu.toFixed(1)} + PostgreSQL ${databaseCpu.toFixed(1)})`
        : `CPU ${appCpu.toFixed(1)} % of a core`;
      // memory per monitor from the warmed-up idle server of the same database, not from a cold start
      const idle = idleRss.get(kind);
      if (scenario.monitors === 0) idleRss.set(kind, mean);
      const perMonitor =
        scenario.monitors > 0 && idle !== undefined
          ? ` · ${Math.round(((mean - idle) * 1024) / scenario.monitors)} kB/monitor over idle`
          : "";
      const perThread = threads0 ? threadReport(threads0, pid) : "";
      return `${kind.padEnd(8)} ${scenario.label.padEnd(12)} RSS ${Math.round(mean)} MB (peak ${Math.round(Math.max(...rss))}) · ${cpuText}${perCheck}${perMonitor}${perThread}`;
    } finally {
      await stopServer(child);
    }
  } finally {
    await scratch?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const retailer = await standIn("tools/fake-retailer.ts");
  const webhook = await standIn("tools/fake-webhook.ts");
  try {
    const most = Math.max(0, ...SCENARIOS.map((s) => s.monitors));
    await request(`${retailer.origin}/__control/bulk`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        products: Array.from({ length: most }, (_, i) => ({ product: `f${i}`, status: "in_stock" })),
      }),
    }).then((r) => r.body.text());
    const redirect = `https://nudeproject.com=${retailer.origin},https://discord.com=${webhook.origin}`;
    console.log(
      `\nStock Monitor footprint: ${WARMUP_S} s warm-up, ${WINDOW_S} s window, ${os.cpus().length} cores, Node ${process.version}, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    const kinds = DBS === "both" ? (["pglite", "postgres"] as const) : ([DBS] as ("pglite" | "postgres")[]);
    for (const kind of kinds)
      for (const scenario of SCENARIOS) console.log(await measure(kind, scenario, redirect, retailer.origin));
  } finally {
    retailer.child.kill();
    webhook.child.kill();
  }
}

await main();
