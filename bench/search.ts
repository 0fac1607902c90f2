/**
 * What one search check of 96 items costs the engine (issue 25): the catalogue answer's JSON parse,
 * the items' parse, the seen-id lookup (search_seen, a monitor holding 5 000 ids) and the detection
 * with a full rule set, on PGlite and PostgreSQL.
 *
 *   npx tsx bench/search.ts [--runs 400] [--pg postgres://…] [--only pglite|postgres]
 *
 * "sync" is the parse + rules + detection, which run on the engine's thread without a pause (wall
 * time = that thread's CPU); "lookup" is the seen-id query's round trip (the driver's share of it is
 * on the thread, the database's is not: PostgreSQL runs in its own process, PGlite in its worker
 * thread); "process CPU" is the whole process's CPU per check (PGlite's thread included).
 */
import { performance } from "node:perf_hooks";
import { monitorRulesSchema } from "@common/schemas/monitor-rules.js";
import pg from "pg";
import { FakeSearches } from "../tools/fake-search.js";
import { type Database, openDatabase } from "../server/src/db/client.js";
import { products, users } from "../server/src/db/schema.js";
import { detect, type StoredState } from "../server/src/engine/detect.js";
import { parseVintedCatalog } from "../server/src/engine/search-vinted.js";
import { seenByWatcher } from "../server/src/engine/search-seen.js";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg("runs", "400"));
const PG_URL = arg("pg", process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
const ONLY = arg("only", "");

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function scratch(kind: string): Promise<{ database: Database; drop(): Promise<void> }> {
  if (kind === "pglite") return { database: await openDatabase({ dataDir: null }), drop: async () => {} };
  const name = `sm_bench_search_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
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

async function run(kind: string) {
  const { database, drop } = await scratch(kind);
  const db = database.db;
  const [user] = await db.insert(users).values({ username: "bench", passwordHash: "x" }).returning();
  const rules = monitorRulesSchema.parse({
    allWords: ["nike"],
    anyWords: ["dunk", "air", "tech", "blazer"],
    excludeWords: ["manchas", "rasgado", "defeito"],
    sizes: ["M", "L", "42"],
    minPrice: "5",
    maxPrice: "40",
    maxIsTotal: true,
  });
  const [product] = await db
    .insert(products)
    .values({
      userId: user.id,
      name: "Nike",
      productId: "pesquisa",
      url: "https://www.vinted.pt/catalog?search_text=nike",
      webhookUrl: "https://discord.com/api/webhooks/1/x",
      platform: "vinted",
      monitorType: "search",
      rules,
    })
    .returning();
  // a busy monitor's memory: 5 000 ids, among them half of the page's
  const client = (db as unknown as { $client: { query(t: string, p?: unknown[]): Promise<unknown> } })
    .$client;
  await client.query(
    "insert into search_seen (product_id, item_id) select $1, g::text from generate_series(100000, 104999) g",
    [product.id],
  );
  const searches = new FakeSearches();
  const titles = [
    "Nike Dunk Low",
    "Nike Air Max 90",
    "Nike Tech Fleece com manchas",
    "Nike Blazer Mid",
    "Adidas Samba",
  ];
  searches.addCatalogItems(
    Array.from({ length: 96 }, (_, i) => ({
      id: String(i < 48 ? 104000 + i : 200000 + i),
      title: `${titles[i % titles.length]} ${i}`,
      price: `${10 + (i % 40)}.00`,
      brand: "Nike",
      size: ["M", "L", "XS", "42"][i % 4],
      condition: "Muito bom",
    })),
  );
  const body = searches.catalogAnswer(new URLSearchParams("per_page=96"), "https://www.vinted.pt");
  const stored: StoredState = {
    id: product.id,
    name: "Nike",
    url: product.url,
    platform: "vinted",
    status: "search_active",
    availableSizes: [],
    lastNotifiedStatus: null,
    lastNotifiedSizes: [],
    failureStreak: 0,
    engineState: { searchPrimed: true, soldOut: [] },
    price: null,
    imageUrl: null,
    lastCheck: new Date(),
    rules,
  };
  const sync: number[] = [];
  const lookup: number[] = [];
  const cpu: number[] = [];
  let matched = 0;
  for (let i = 0; i < RUNS + 50; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const items = parseVintedCatalog(JSON.parse(body), "https://www.vinted.pt");
    const t1 = performance.now();
    const seen = await seenByWatcher(
      db,
      [product.id],
      items.map((x) => x.id),
    );
    const t2 = performance.now();
    const detection = detect(
      stored,
      { kind: "search", status: "search_active", items },
      { enableErrorAlerts: true, now: new Date(), seen: seen.get(product.id) },
    );
    const t3 = performance.now();
    const c = process.cpuUsage(c0);
    matched = detection.alerts.reduce((n, a) => n + (a.items?.length ?? 0), 0);
    if (i < 50) continue; // warm-up
    sync.push(t1 - t0 + (t3 - t2));
    lookup.push(t2 - t1);
    cpu.push((c.user + c.system) / 1000);
  }
  for (const list of [sync, lookup, cpu]) list.sort((a, b) => a - b);
  const f = (v: number) => v.toFixed(3);
  console.log(
    `${kind}: ${RUNS} checks of 96 items (${matched} new matches each) · sync parse+rules+detect p50 ${f(quantile(sync, 0.5))} ms p99 ${f(quantile(sync, 0.99))} ms · seen-id lookup p50 ${f(quantile(lookup, 0.5))} ms p99 ${f(quantile(lookup, 0.99))} ms · process CPU p50 ${f(quantile(cpu, 0.5))} ms p99 ${f(quantile(cpu, 0.99))} ms`,
  );
  await drop();
}

for (const kind of ["pglite", "postgres"]) if (!ONLY || ONLY === kind) await run(kind);
process.exit(0);
