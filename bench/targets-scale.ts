/**
 * `npm run bench:targets-scale [-- --monitors 20000 --targets 2000 --hosts 20 --users 50
 *   --interval 12 --limited 5 --seconds 36 --engines 2 --flips 2]` (the window: whole intervals)
 *
 * Shared targets and retailer budgets at scale (issue 26), on PostgreSQL: `--engines` engine
 * processes (children of this script) share one scratch database; 20 000 monitors of 50 users watch
 * 2 000 distinct product pages (ten users each) spread over 20 stand-in hosts
 * (`https://sNN.nudeproject.com`, all answered by one stand-in retailer in this process). Every
 * monitor checks at `--interval` s. The first `--limited` hosts get an admin budget of 300 requests a
 * minute (Settings → Sistema), under their demand, so their intervals stretch; the others keep the
 * platform's default (600 a minute) above theirs. During the measured window `--flips` products
 * (hosts in turn) come back in stock every 2 s: their ten watchers each, 10 alerts a second by
 * default, well inside Discord's 50 requests a second per address, which would otherwise set the
 * pace. Prints:
 * - requests per second the retailer got, against the targets' demand (each target once per
 *   interval, a limited host at its budget): the issue asks ≤ 1.05 ×;
 * - for each host, the most requests in any 10 s window against its budget's 10 s share (≤ +5 %);
 * - watcher alerts: how many of those expected arrived, duplicates, p99 from the check that saw the
 *   change (the embed's timestamp) to the stand-in Discord's receipt (≤ 1 s);
 * - the engine processes' CPU per monitor served (each target check serves its ten watchers;
 *   ≤ 0.03 ms asked), with the single-process capacity left to `npm run bench:engine`.
 *
 * Each engine process is a worker (`npm run worker`: the engine alone, hearing only its own wake-ups
 * from PostgreSQL) and runs what `npm start` runs: the server compiled by scripts/build-server.mjs
 * (into dist/bench-server; `--sources` runs the TypeScript through tsx instead, whose keepNames
 * wrapping costs ~5 % more) with `npm start`'s node flags (`--node-args "…"` to compare others).
 *
 * It also prints the floor under that figure on this machine: the CPU a process spends on the HTTP
 * exchange alone (the engine's own `Transport`, to the same stand-in pages at the same pace, split
 * over as many processes as the engines), with nothing parsed, detected or written; a tenth of it
 * per monitor served at ten watchers. It also prints Node's own `http` client doing the same: the
 * one other transport worth weighing (see docs/decisions.md); with several engines, the same
 * exchanges in one process at the whole pace (on a machine whose idle CPU wakes slowly, a request
 * costs more at a lower pace); and how often the engine processes' threads went to sleep and woke
 * per target check (voluntary context switches), the floor's per request beside it.
 *
 * `--cpu-prof <dir>` profiles each engine process over the measured window (the inspector's
 * profiler) and writes `engine-<pid>.cpuprofile` to that folder (Chrome DevTools, Performance tab).
 * The profiler's sampling thread adds its own CPU (3.3 → 4.6 s in one run): read a profile by its
 * shares, and take the CPU figure from a run without it. `--heap-prof <dir>` samples what each engine
 * process allocates over the window, garbage included (`engine-<pid>.heapprofile`, the Memory tab).
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import http from "node:http";
import { FakeRetailer } from "../tools/fake-retailer.js";
import { FakeWebhook } from "../tools/fake-webhook.js";
import type { openDatabase as OpenDatabase } from "../server/src/db/client.js";
import { hostBudgets, products, users } from "../server/src/db/schema.js";
import type { Transport as TransportClass } from "../server/src/engine/fetch/transport.js";
import type { startEngine as StartEngine } from "../server/src/engine/start.js";
import { scratchDatabase } from "./scratch-db.js";
import { startEnv, startNodeArgs } from "./start-flags.js";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
};

interface ChildSpec {
  databaseUrl: string;
  redirects: [string, string][];
  /** the first checks spread over one interval, as a running install's are */
  jitterMs: number;
  /** a folder for each engine process's CPU profile of the measured window */
  profileDir?: string;
  /** a folder for each engine process's allocation profile of the measured window (garbage included) */
  heapProfileDir?: string;
  /** the compiled server (`npm start`'s code) the engine runs from; absent: the TypeScript sources */
  compiledDir?: string;
}
interface ChildFigures {
  cpuMs: number;
  /** of cpuMs, the kernel's part (system calls, the socket's and the timers' work) */
  systemMs: number;
  /** the process's voluntary context switches: each time one of its threads slept and woke again */
  sleeps: number;
  checks: number;
  /** target checks that read the answer every watcher had read (one row leased, no watcher read) */
  settled: number;
  /** targets leased (some handed back unchecked: their host or owner at its cap) */
  leased: number;
  leaseRounds: number;
  /** each target check's start after its due time (ms) */
  lags: number[];
}

/** where the engine's modules are loaded from: the compiled server, or the sources */
const serverCode = (compiledDir: string | undefined) =>
  compiledDir ? pathToFileURL(`${compiledDir}/server/src/`).href : "../server/src/";

/** an engine process: starts, says "ready", measures from "measure" to "stop", answers its figures */
async function engineChild(spec: ChildSpec): Promise<void> {
  const from = serverCode(spec.compiledDir);
  const { openDatabase } = (await import(`${from}db/client.js`)) as { openDatabase: typeof OpenDatabase };
  const { startEngine } = (await import(`${from}engine/start.js`)) as { startEngine: typeof StartEngine };
  // as `npm run worker` opens it: the engine's wake-ups heard, not the web's notifications
  const database = await openDatabase({
    databaseUrl: spec.databaseUrl,
    poolSize: 5,
    notifications: "engine",
  });
  const engine = await startEngine({
    database,
    config: { monitorProxies: [], monitorRedirect: new Map(spec.redirects) },
    scheduler: { startJitterMs: spec.jitterMs, maxConcurrent: 50 },
    // the stand-in answers on loopback, which the engine would otherwise spare every budget
    http: {
      realLimitOrigins: new Set(
        spec.redirects.map(([origin]) => origin).filter((o) => o.endsWith(".nudeproject.com")),
      ),
    },
    onError: (e) => console.error("[bench targets-scale engine]", e),
  });
  let cpuBefore = process.cpuUsage();
  let switchesBefore = process.resourceUsage().voluntaryContextSwitches;
  let counted = { ...engine.stats };
  const profiler = spec.profileDir || spec.heapProfileDir ? new Session() : null;
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      profiler?.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))),
    );
  process.on("message", async (message: string) => {
    if (message === "measure") {
      if (profiler) profiler.connect();
      if (spec.profileDir) {
        await post("Profiler.enable");
        await post("Profiler.start");
      }
      if (spec.heapProfileDir)
        await post("HeapProfiler.startSampling", {
          samplingInterval: 8192,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
      cpuBefore = process.cpuUsage();
      switchesBefore = process.resourceUsage().voluntaryContextSwitches;
      counted = { ...engine.stats };
      engine.stats.collect();
    } else if (message === "figures") {
      const cpu = process.cpuUsage(cpuBefore);
      const sleeps = process.resourceUsage().voluntaryContextSwitches - switchesBefore;
      if (profiler && spec.profileDir) {
        const { profile } = (await post("Profiler.stop")) as { profile: unknown };
        // a missing directory threw here, and the bench waited forever for this child's figures
        mkdirSync(spec.profileDir, { recursive: true });
        writeFileSync(join(spec.profileDir, `engine-${process.pid}.cpuprofile`), JSON.stringify(profile));
      }
      if (spec.heapProfileDir) {
        const { profile } = (await post("HeapProfiler.stopSampling")) as { profile: unknown };
        mkdirSync(spec.heapProfileDir, { recursive: true });
        writeFileSync(
          join(spec.heapProfileDir, `engine-${process.pid}.heapprofile`),
          JSON.stringify(profile),
        );
      }
      const lags = engine.stats.takeCollected();
      process.send?.({
        cpuMs: (cpu.user + cpu.system) / 1000,
        systemMs: cpu.system / 1000,
        sleeps,
        checks: lags.length,
        settled: engine.stats.settledFetches - counted.settledFetches,
        leased: engine.stats.leasedTargets - counted.leasedTargets,
        leaseRounds: engine.stats.leaseRounds - counted.leaseRounds,
        lags,
      } satisfies ChildFigures);
    } else if (message === "stop") {
      await engine.stop();
      await database.close();
      process.exit(0);
    }
  });
  process.send?.("ready");
}

interface FloorSpec {
  compiledDir?: string;
  urls: string[];
  perSecond: number;
  seconds: number;
}

/** the HTTP exchange alone: GETs of the stand-in's pages at the engine's pace; answers CPU ms per request */
async function floorChild(spec: FloorSpec): Promise<void> {
  const { Transport } = (await import(`${serverCode(spec.compiledDir)}engine/fetch/transport.js`)) as {
    Transport: typeof TransportClass;
  };
  const transport = new Transport({ allowPrivate: true });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const viaTransport = (url: string) => transport.send(url, { timeoutMs: 10_000, maxRedirects: 0 });
  const viaNodeHttp = (url: string) =>
    new Promise<string>((resolve, reject) => {
      const req = http.get(url, { agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        res.on("error", reject);
      });
      req.on("error", reject);
    });
  const answer: Record<string, number> = {};
  for (const [name, get] of [
    ["transport", viaTransport],
    ["nodeHttp", viaNodeHttp],
  ] as const) {
    for (const url of spec.urls.slice(0, 200)) await get(url); // connections open, code warm
    const total = Math.round(spec.perSecond * spec.seconds);
    const started = Date.now();
    const cpuBefore = process.cpuUsage();
    const switchesBefore = process.resourceUsage().voluntaryContextSwitches;
    const pending: Promise<unknown>[] = [];
    // ten requests every tenth of the interval between them, as the engine's leases start them together
    for (let i = 0; i < total; i += 10) {
      for (let k = i; k < Math.min(total, i + 10); k++) pending.push(get(spec.urls[k % spec.urls.length]));
      await wait(started + ((i + 10) * 1000) / spec.perSecond - Date.now());
    }
    await Promise.all(pending);
    const cpu = process.cpuUsage(cpuBefore);
    answer[name] = (cpu.user + cpu.system) / 1000 / total;
    if (name === "transport") {
      answer.system = cpu.system / 1000 / total;
      answer.sleeps = (process.resourceUsage().voluntaryContextSwitches - switchesBefore) / total;
    }
  }
  process.send?.(answer);
  agent.destroy();
  await transport.close();
}

/**
 * this script again as a child (`flag` says which), with the flags `npm start` runs with (the
 * garbage collector's settings change the CPU measured); answers its first message, fails if it
 * ends before
 */
function forkChild(flag: string, spec: unknown): Promise<{ child: ChildProcess; first: unknown }> {
  return new Promise((resolve, reject) => {
    const child = fork(import.meta.filename, [flag, JSON.stringify(spec)], {
      execArgv: [...startNodeArgs(), "--import", "tsx"],
      env: { ...process.env, ...startEnv() },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child.once("message", (first) => resolve({ child, first }));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`o processo ${flag} terminou (${code})`)));
  });
}

type Floor = { transport: number; nodeHttp: number; sleeps: number; system: number };

/**
 * CPU ms per request of the engine's transport and of Node's own client, in `processes` processes
 * at once, each at its share of the pace on its share of the pages (as the engine processes split
 * them): on a machine whose idle CPU wakes slowly the same exchange costs more at a lower pace
 */
async function runFloor(spec: FloorSpec, processes: number): Promise<Floor> {
  const shares = await Promise.all(
    Array.from({ length: processes }, (_, i) =>
      forkChild("--floor-child", {
        ...spec,
        urls: spec.urls.filter((_, u) => u % processes === i),
        perSecond: spec.perSecond / processes,
      } satisfies FloorSpec),
    ),
  );
  const mean = (key: keyof Floor) =>
    shares.reduce((a, { first }) => a + (first as Floor)[key], 0) / processes;
  return {
    transport: mean("transport"),
    nodeHttp: mean("nodeHttp"),
    sleeps: mean("sleeps"),
    system: mean("system"),
  };
}

async function startChild(spec: ChildSpec): Promise<ChildProcess> {
  return (await forkChild("--engine-child", spec)).child;
}

/** the child's figures of the measured window; its engine goes on (the window's last alerts) */
function figuresOf(child: ChildProcess): Promise<ChildFigures> {
  return new Promise((resolve) => {
    child.once("message", (m) => resolve(m as ChildFigures));
    child.send("figures");
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.send("stop");
  });
}

/**
 * the server compiled as `npm start` compiles it (scripts/build-server.mjs), in a folder of its own:
 * the TypeScript run through tsx costs more (esbuild's keepNames wraps every function); `--sources`
 * runs the sources to compare
 */
async function compiledServer(): Promise<string | undefined> {
  if (process.argv.includes("--sources")) return undefined;
  const dir = join(import.meta.dirname, "..", "dist", "bench-server");
  const { buildServer } = await import("../scripts/build-server.mjs");
  await buildServer(dir);
  return dir;
}

async function main(): Promise<void> {
  const MONITORS = Number(arg("monitors", "20000"));
  const TARGETS = Number(arg("targets", "2000"));
  const HOSTS = Number(arg("hosts", "20"));
  const USERS = Number(arg("users", "50"));
  const INTERVAL_S = Number(arg("interval", "12"));
  const LIMITED = Number(arg("limited", "5"));
  // whole intervals, so every target's fetches are counted the same number of times
  const SECONDS =
    Math.max(1, Math.round(Number(arg("seconds", "36")) / Number(arg("interval", "12")))) *
    Number(arg("interval", "12"));
  const ENGINES = Number(arg("engines", "2"));
  const FLIPS = Number(arg("flips", "2"));
  const PG_URL = arg("pg", process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  const LIMITED_PER_MINUTE = 300;
  const DEFAULT_PER_MINUTE = 600;
  const watchersPerTarget = MONITORS / TARGETS;

  const retailer = new FakeRetailer();
  const webhook = new FakeWebhook();
  const shop = await retailer.listen();
  const hook = await webhook.listen();
  const hostName = (h: number) => `s${String(h).padStart(2, "0")}.nudeproject.com`;
  const handle = (t: number) => `h${String(t % HOSTS).padStart(2, "0")}t${t}`;
  const hostOfPath = (path: string) => /^\/products\/h(\d+)t/.exec(path)?.[1];
  for (let t = 0; t < TARGETS; t++) retailer.setProduct(handle(t), { status: "out_of_stock" });

  const { database, url, drop } = await scratchDatabase("postgres", {
    pgUrl: PG_URL,
    prefix: "sm_bench_scale",
  });

  const userIds: number[] = [];
  for (let u = 0; u < USERS; u++) {
    const [row] = await database.db
      .insert(users)
      .values({ username: `escala${u}`, passwordHash: "x", monitorLimit: 100_000 })
      .returning({ id: users.id });
    userIds.push(row.id);
  }
  // target t is watched by `watchersPerTarget` different users, each on their own webhook
  const rows = Array.from({ length: MONITORS }, (_, i) => {
    const t = i % TARGETS;
    const u = (t + Math.floor(i / TARGETS)) % USERS;
    return {
      userId: userIds[u],
      name: `Produto ${t}`,
      productId: "",
      url: `https://${hostName(t % HOSTS)}/products/${handle(t)}`,
      webhookUrl: `https://discord.com/api/webhooks/${u}/escala`,
      platform: "nudeproject",
      checkInterval: INTERVAL_S * 1000,
    };
  });
  for (let i = 0; i < rows.length; i += 1000)
    await database.db.insert(products).values(rows.slice(i, i + 1000));
  const limitedHosts = Array.from({ length: LIMITED }, (_, h) => hostName(h));
  if (limitedHosts.length > 0)
    await database.db
      .insert(hostBudgets)
      .values(limitedHosts.map((host) => ({ host, perMinute: LIMITED_PER_MINUTE, atOnce: 4 })));

  const redirects: [string, string][] = [
    ...Array.from({ length: HOSTS }, (_, h) => [`https://${hostName(h)}`, shop] as [string, string]),
    ["https://discord.com", hook],
  ];
  const spec: ChildSpec = {
    compiledDir: await compiledServer(),
    databaseUrl: url as string,
    redirects,
    jitterMs: INTERVAL_S * 1000,
    profileDir: process.argv.includes("--cpu-prof") ? arg("cpu-prof", "") : undefined,
    heapProfileDir: process.argv.includes("--heap-prof") ? arg("heap-prof", "") : undefined,
  };
  const children: ChildProcess[] = [];
  for (let e = 0; e < ENGINES; e++) children.push(await startChild(spec));

  // every monitor's first check (a stretched host's first round takes longer), then a settled window
  for (;;) {
    const r = await database.db.execute(
      sql`select count(*)::int as n from products where last_check is null`,
    );
    if ((r as unknown as { rows: { n: number }[] }).rows[0].n === 0) break;
    await wait(500);
  }
  await wait(INTERVAL_S * 1000);

  retailer.resetStats();
  webhook.received.length = 0;
  for (const child of children) child.send("measure");
  const perSecond: Map<string, number>[] = [];
  let last = new Map<string, number>();
  const started = Date.now();
  let flipped = 0;
  const flips: number[] = [];
  for (let s = 0; s < SECONDS; s++) {
    // products back in stock every 2 s (each a different target, never back out)
    // the last ones an interval before the window ends: each is checked, and alerts, before it does
    if (s % 2 === 0 && s < SECONDS - INTERVAL_S - 2) {
      // FLIPS targets a round on hosts taken in turn: FLIPS × 10 alerts every 2 s stay inside
      // Discord's 50 requests a second per address, so the figure is the engine's, not that pacing
      for (let f = 0; f < FLIPS; f++) {
        const n = flipped * FLIPS + f;
        const h = n % HOSTS;
        const t = h + HOSTS * (Math.floor(n / HOSTS) % Math.floor(TARGETS / HOSTS));
        retailer.setProduct(handle(t), { sizes: ["M"] });
        flips.push(t);
      }
      flipped++;
    }
    await wait(started + (s + 1) * 1000 - Date.now());
    const now = new Map<string, number>();
    for (const [path, n] of retailer.paths) {
      const host = hostOfPath(path);
      if (host !== undefined) now.set(host, (now.get(host) ?? 0) + n);
    }
    perSecond.push(new Map([...now].map(([h, n]) => [h, n - (last.get(h) ?? 0)])));
    last = now;
  }
  const seconds = (Date.now() - started) / 1000;
  const figures = await Promise.all(children.map(figuresOf));
  // the alerts of the last flips may still be on their way, and the engines keep checking for them:
  // a flip on a host over its budget waits for its stretched interval (~20 s), which can end after
  // the window (stopped at the window's end, the engines lost those ten alerts in two runs of three)
  // a target flipped twice (the rounds wrap) alerts once: it never went back out
  const expectedAlerts = new Set(flips).size * watchersPerTarget;
  const deadline = Date.now() + 15_000;
  while (webhook.accepted.length < expectedAlerts && Date.now() < deadline) await wait(200);

  const requests = [...last.values()].reduce((a, b) => a + b, 0);
  const demandPerSecond = Array.from({ length: HOSTS }, (_, h) => {
    const targetsOnHost = Math.ceil((TARGETS - h) / HOSTS);
    const wanted = targetsOnHost / INTERVAL_S;
    return h < LIMITED
      ? Math.min(wanted, LIMITED_PER_MINUTE / 60)
      : Math.min(wanted, DEFAULT_PER_MINUTE / 60);
  }).reduce((a, b) => a + b, 0);
  const worstWindow = Array.from({ length: HOSTS }, (_, h) => {
    const key = String(h).padStart(2, "0");
    let most = 0;
    for (let s = 0; s + 10 <= perSecond.length; s++) {
      let n = 0;
      for (let k = s; k < s + 10; k++) n += perSecond[k].get(key) ?? 0;
      most = Math.max(most, n);
    }
    const budget = ((h < LIMITED ? LIMITED_PER_MINUTE : DEFAULT_PER_MINUTE) * 10) / 60;
    return { host: hostName(h), most, budget };
  });
  const latencies: number[] = [];
  const perWebhookTarget = new Map<string, number>();
  for (const d of webhook.accepted) {
    for (const e of (d.body as { embeds: { timestamp: string; url?: string }[] }).embeds) {
      latencies.push(d.at - Date.parse(e.timestamp));
      const key = `${d.path} ${e.url ?? ""}`;
      perWebhookTarget.set(key, (perWebhookTarget.get(key) ?? 0) + 1);
    }
  }
  const duplicates = [...perWebhookTarget.values()].reduce((n, c) => n + c - 1, 0);
  const cpuMs = figures.reduce((a, f) => a + f.cpuMs, 0);
  const systemMs = figures.reduce((a, f) => a + f.systemMs, 0);
  const targetChecks = figures.reduce((a, f) => a + f.checks, 0);
  const lags = figures.flatMap((f) => f.lags);
  const sum = (key: "settled" | "leased" | "leaseRounds") => figures.reduce((a, f) => a + f[key], 0);

  await Promise.all(children.map(stopChild));
  // the HTTP exchange alone, at the pace the engines kept, on the same pages (the engines stopped)
  const floorSpec = {
    compiledDir: spec.compiledDir,
    urls: Array.from({ length: TARGETS }, (_, t) => `${shop}/products/${handle(t)}.js`),
    perSecond: requests / seconds,
    seconds: 15,
  };
  const floor = await runFloor(floorSpec, ENGINES);
  // the same exchanges in one process at the whole pace: what splitting the pace costs on this machine
  const floorInOne = ENGINES > 1 ? await runFloor(floorSpec, 1) : floor;
  await drop();
  await retailer.close();
  await webhook.close();

  const over = worstWindow.filter((w) => w.most > w.budget * 1.05);
  const worst = worstWindow.reduce((a, b) => (b.most / b.budget > a.most / a.budget ? b : a));
  console.log(
    `\nShared targets at scale (PostgreSQL, ${ENGINES} engine processes): ${MONITORS} monitors of ${USERS} users on ${TARGETS} targets over ${HOSTS} hosts at ${INTERVAL_S} s (${LIMITED} hosts limited to ${LIMITED_PER_MINUTE}/min), ${seconds.toFixed(0)} s measured`,
  );
  console.log(
    `  requests to the retailer: ${(requests / seconds).toFixed(1)}/s against the targets' demand ${demandPerSecond.toFixed(1)}/s = ${(requests / seconds / demandPerSecond).toFixed(3)}× (asked ≤ 1.05×; the monitors' own demand would be ${(MONITORS / INTERVAL_S).toFixed(0)}/s)`,
  );
  console.log(
    `  budgets: busiest 10 s window per host at most ${worst.most} requests on ${worst.host} (its budget's 10 s share ${worst.budget}); ${over.length} of ${HOSTS} hosts over +5 %`,
  );
  console.log(
    `  alerts: ${webhook.accepted.length} of ${expectedAlerts} delivered, ${duplicates} duplicates, from the check that saw the change p50 ${Math.round(pct(latencies, 0.5))} ms p99 ${Math.round(pct(latencies, 0.99))} ms (asked p99 ≤ 1 s)`,
  );
  console.log(
    `  schedule: target checks started p50 ${Math.round(pct(lags, 0.5))} ms, p99 ${Math.round(pct(lags, 0.99))} ms after their due time`,
  );
  console.log(
    `  floor on this machine: the HTTP exchange alone (the engine's transport to the same pages at the same pace, in ${ENGINES} process${ENGINES > 1 ? "es" : ""}) costs ${floor.transport.toFixed(3)} ms of CPU per request = ${(floor.transport / watchersPerTarget).toFixed(4)} ms per monitor served at ${watchersPerTarget} watchers a page (Node's own http client: ${floor.nodeHttp.toFixed(3)} ms per request)`,
  );
  if (ENGINES > 1)
    console.log(
      `  the same exchanges in one process at the whole pace: ${floorInOne.transport.toFixed(3)} ms per request (split, each costs ${(floor.transport / floorInOne.transport).toFixed(2)}×)`,
    );
  console.log(
    `  engine work: ${sum("leaseRounds")} leases took ${sum("leased")} targets for ${targetChecks} checks (the rest handed back unchecked); ${((sum("settled") / Math.max(1, targetChecks)) * 100).toFixed(1)} % of the checks settled (the same answer: no watcher read)`,
  );
  console.log(
    `  engine CPU: ${(cpuMs / 1000).toFixed(1)} s over ${targetChecks} target checks serving ${Math.round(targetChecks * watchersPerTarget)} monitor checks = ${(cpuMs / (targetChecks * watchersPerTarget)).toFixed(4)} ms per monitor served (asked ≤ 0.03 ms), ${(cpuMs / seconds / 10).toFixed(0)} % of one core in all; the kernel's part ${((systemMs / cpuMs) * 100).toFixed(0)} % (the floor's: ${((floor.system / floor.transport) * 100).toFixed(0)} %)`,
  );
  const sleeps = figures.reduce((a, f) => a + f.sleeps, 0);
  console.log(
    `  engine wake-ups: ${(sleeps / Math.max(1, targetChecks)).toFixed(2)} per target check (the processes' threads going to sleep and waking again; the floor's: ${floor.sleeps.toFixed(2)} per request)`,
  );
}

if (process.argv.includes("--floor-child")) {
  await floorChild(JSON.parse(process.argv[process.argv.indexOf("--floor-child") + 1]) as FloorSpec);
  process.exit(0);
} else if (process.argv.includes("--engine-child")) {
  await engineChild(JSON.parse(process.argv[process.argv.indexOf("--engine-child") + 1]) as ChildSpec);
} else {
  await main();
  process.exit(0);
}
