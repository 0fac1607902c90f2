/**
 * `npm run bench:books`: the books of one busy reseller (issue 29) on embedded PGlite, the default
 * database: 20 000 items, 10 000 of them sold (sales from January 2024 to today), 2 000 expenses
 * and a few thousand activity lines. Measures `GET /api/status/statistics` for several periods and
 * `GET /api/sales/year-summary`, each computed afresh (a unique query parameter misses the answer
 * cache) after a warm-up, sequentially, and the cached answer beside them.
 * Targets: status p99 < 150 ms for any period, yearly summary < 1 s. Prints the figures; asserts nothing.
 * Flags: --runs N (default 40 per period), --items N (default 20000).
 */
import { sql } from "drizzle-orm";
import { buildApp } from "../server/src/app.js";
import { loadConfig } from "../server/src/config.js";
import { openDatabase } from "../server/src/db/client.js";
import { activityLogs, expenses, inventoryItems, sales, users } from "../server/src/db/schema.js";
import { activityLogsRepository } from "../server/src/repositories/activity-logs.js";
import { statisticsRepository } from "../server/src/repositories/statistics.js";
import { hashPassword } from "../server/src/services/passwords.js";

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const RUNS = flag("runs", 40);
const ITEMS = flag("items", 20_000);
const SALES = ITEMS / 2;
const EXPENSES = ITEMS / 10;
const ACTIVITY = 5_000;
const PASSWORD = "bench-password";
const PLATFORMS = ["Vinted", "OLX", "Wallapop", "eBay", "StockX", "Depop", null];
const CATEGORIES = ["packaging", "shipping_supplies", "postage", "subscriptions", "travel", "other"];

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
const SPAN = Date.now() - START;
/** a repeatable spread of instants from 1 Jan 2024 to now */
const instant = (i: number, n: number) => new Date(START + Math.floor(((i * 7919) % n) * (SPAN / n)));

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000));
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const database = await openDatabase({ dataDir: null });
  const { db } = database;
  const config = { ...loadConfig({ NODE_ENV: "production" }), logLevel: "warn" as const };
  const app = await buildApp({ database, config, clientDir: null });
  await app.ready();
  const seeding = performance.now();
  const [me] = await db
    .insert(users)
    .values({ username: "revendedora", passwordHash: await hashPassword(PASSWORD) })
    .returning();
  const items = Array.from({ length: ITEMS }, (_, i) => {
    const bought = instant(i, ITEMS);
    return {
      userId: me.id,
      name: `Artigo ${i}`,
      size: String(36 + (i % 10)),
      price: `${10 + (i % 90)}.${String(i % 100).padStart(2, "0")}`,
      shippingPrice: (i % 5).toFixed(2),
      purchaseLocation: `Loja ${i % 12}`,
      // a third typed no purchase day: the day it was registered counts
      purchaseDate: i % 3 === 0 ? null : new Date(Math.floor(bought.getTime() / DAY) * DAY),
      status: i < SALES ? "sold" : ["in_stock", "pending", "transit"][i % 3],
      createdAt: bought,
      updatedAt: bought,
    };
  });
  const ids: number[] = [];
  await insertInChunks(items, async (chunk) => {
    const made = await db.insert(inventoryItems).values(chunk).returning({ id: inventoryItems.id });
    ids.push(...made.map((r) => r.id));
  });
  const saleRows = Array.from({ length: SALES }, (_, i) => {
    const item = items[i];
    const soldAt = new Date(Math.min(Date.now(), item.createdAt.getTime() + (1 + (i % 60)) * DAY));
    const price = Number(item.price) + 15 + (i % 40);
    const fees = (price * 0.05).toFixed(2);
    return {
      userId: me.id,
      inventoryItemId: ids[i],
      salePrice: price.toFixed(2),
      // a tenth kept without a time (00:00 UTC), as the forms' day-only sales
      saleDate: i % 10 === 0 ? new Date(Math.floor(soldAt.getTime() / DAY) * DAY) : soldAt,
      buyer: `Comprador ${i % 300}`,
      platform: PLATFORMS[i % PLATFORMS.length],
      fees,
      profit: (price - Number(fees) - Number(item.price) - Number(item.shippingPrice)).toFixed(2),
      createdAt: soldAt,
    };
  });
  await insertInChunks(saleRows, (chunk) => db.insert(sales).values(chunk));
  const expenseRows = Array.from({ length: EXPENSES }, (_, i) => ({
    userId: me.id,
    spentOn: instant(i, EXPENSES).toISOString().slice(0, 10),
    category: CATEGORIES[i % CATEGORIES.length],
    description: `Despesa ${i}`,
    amount: `${1 + (i % 30)}.${String(i % 100).padStart(2, "0")}`,
  }));
  await insertInChunks(expenseRows, (chunk) => db.insert(expenses).values(chunk));
  const activityRows = Array.from({ length: ACTIVITY }, (_, i) => ({
    userId: me.id,
    action: "check",
    code: "legacy" as const,
    params: {},
    message: `Verificação ${i}`,
    type: "info",
    createdAt: instant(i, ACTIVITY),
  }));
  await insertInChunks(activityRows, (chunk) => db.insert(activityLogs).values(chunk));
  await db.execute(sql`analyze`);
  console.log(
    `seeded ${ITEMS} items, ${SALES} sales, ${EXPENSES} expenses, ${ACTIVITY} activity lines in ${((performance.now() - seeding) / 1000).toFixed(1)} s (PGlite in memory)`,
  );

  const login = await app.inject({
    method: "POST",
    url: "/api/login",
    payload: { username: me.username, password: PASSWORD },
  });
  const sid = login.cookies.find((c) => c.name === "sid");
  if (!sid) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const cookie = `sid=${sid.value}`;
  let bust = 0;
  const get = async (url: string, fresh: boolean) => {
    const target = fresh ? `${url}${url.includes("?") ? "&" : "?"}bench=${++bust}` : url;
    const started = performance.now();
    const res = await app.inject({ method: "GET", url: target, headers: { cookie } });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${target}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return ms;
  };
  const measure = async (label: string, url: string, runs: number, target: number) => {
    for (let i = 0; i < 5; i++) await get(url, true); // warm: the database's pages and V8's code
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await get(url, true));
    times.sort((a, b) => a - b);
    const cached: number[] = [];
    await get(url, false);
    for (let i = 0; i < 20; i++) cached.push(await get(url, false));
    cached.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    console.log(
      `${label.padEnd(34)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms  p99 ${p99.toFixed(1).padStart(7)} ms  max ${times.at(-1)?.toFixed(1).padStart(7)} ms  cached p99 ${percentile(cached, 99).toFixed(1).padStart(5)} ms  ${p99 < target ? "ok" : `MISSED (< ${target} ms)`}`,
    );
  };
  if (args.includes("--profile")) await profile(db, me.id);
  const year = new Date().getUTCFullYear();
  console.log(`${RUNS} fresh answers each (answer cache missed on purpose), sequential:`);
  await measure("status: all time", "/api/status/statistics", RUNS, 150);
  await measure("status: this month", "/api/status/statistics?period=this-month", RUNS, 150);
  await measure("status: last month", "/api/status/statistics?period=last-month", RUNS, 150);
  await measure("status: this year", "/api/status/statistics?period=this-year", RUNS, 150);
  await measure("status: last year", "/api/status/statistics?period=last-year", RUNS, 150);
  await measure(
    "status: custom 2025-03-01..2025-09-30",
    "/api/status/statistics?period=custom&from=2025-03-01&to=2025-09-30",
    RUNS,
    150,
  );
  await measure(`year summary ${year - 1}`, `/api/sales/year-summary?year=${year - 1}`, 10, 1000);
  await measure(`year summary ${year}`, `/api/sales/year-summary?year=${year}`, 10, 1000);
  await app.close();
  await database.close();
}

/** --profile: each query of the Status answer alone, all time and last year (median of 10) */
async function profile(db: Parameters<typeof statisticsRepository.itemCounts>[0], userId: number) {
  const zone = "Europe/Lisbon";
  const lastYear = String(new Date().getUTCFullYear() - 1);
  const window = { from: `${lastYear}-01-01`, to: `${Number(lastYear) + 1}-01-01`, timeZone: zone };
  const now = new Date();
  const instants = {
    kind: "instants" as const,
    now,
    recentFrom: new Date(now.getTime() - 30 * DAY),
    previousFrom: new Date(now.getTime() - 60 * DAY),
  };
  const days = {
    kind: "days" as const,
    current: window,
    previous: { from: `${Number(lastYear) - 1}-01-01`, to: `${lastYear}-01-01`, timeZone: zone },
  };
  const time = async (label: string, run: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`  ${label.padEnd(30)} ${times[5].toFixed(1).padStart(7)} ms`);
  };
  for (const [name, w, c] of [
    ["all", null, instants],
    ["last year", window, days],
  ] as const) {
    console.log(`profile (${name}):`);
    await time("itemCounts", () => statisticsRepository.itemCounts(db, userId, w));
    await time("saleTotals", () => statisticsRepository.saleTotals(db, userId, "EUR", w));
    await time("salesFigures", () => statisticsRepository.salesFigures(db, userId, "EUR", w, c));
    await time("expenseFigures", () => statisticsRepository.expenseFigures(db, userId, w, c, zone));
    await time("bestMonth", () => statisticsRepository.bestMonth(db, userId, zone, "EUR", w));
    const span = w
      ? { start: new Date(`${w.from}T00:00:00Z`), end: new Date(`${w.to}T00:00:00Z`) }
      : undefined;
    await time("activity recent", () => activityLogsRepository.listRecentForUser(db, userId, 5, span));
    await time("activity count", () => activityLogsRepository.count(db, userId, span));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
