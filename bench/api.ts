/**
 * `npm run bench:api`: autocannon at 100 connections against the main reads, with a realistic
 * account (100 monitors, 500 inventory items with photos, their sales) and a ranking of 200 sellers, beside a
 * bare Fastify route in the same run as the machine's ceiling. Target: p99 under 25 ms each.
 * Flags: --db pglite|postgres (default pglite), --seconds N (default 5), --only <text> (the
 * targets whose path contains it).
 */
import os from "node:os";
import autocannon from "autocannon";
import Fastify from "fastify";
import pg from "pg";
import sharp from "sharp";
import { buildApp } from "../server/src/app.js";
import { loadConfig } from "../server/src/config.js";
import { type Database, openDatabase } from "../server/src/db/client.js";
import { inventoryItems, itemPhotos, products, sales, users } from "../server/src/db/schema.js";
import { makeThumbnail } from "../server/src/services/item-photos.js";
import { hashPassword } from "../server/src/services/passwords.js";

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const dbKind = flag("db", "pglite");
const seconds = Number(flag("seconds", "5"));
const only = flag("only", "");
const PASSWORD = "bench-password";

async function openBenchDatabase(): Promise<Database> {
  if (dbKind !== "postgres") return openDatabase({ dataDir: null });
  const admin = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `sm_bench_${Date.now()}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

async function seed(database: Database) {
  const { db } = database;
  const hash = await hashPassword(PASSWORD);
  const [me] = await db
    .insert(users)
    .values({ username: "revendedor", passwordHash: hash, monitorLimit: 100 })
    .returning();
  await db.insert(products).values(
    Array.from({ length: 100 }, (_, i) => ({
      userId: me.id,
      name: `Produto ${i}`,
      productId: String(1000 + i),
      url: `https://www.zara.com/pt/pt/produto-p${1000 + i}.html`,
      webhookUrl: "https://discord.com/api/webhooks/1/x",
      price: "29.95",
      checkInterval: 5000,
      isActive: false,
      status: i % 3 === 0 ? "in_stock" : "out_of_stock",
      availableSizes: JSON.stringify(["S", "M"]),
    })),
  );
  const items = await db
    .insert(inventoryItems)
    .values(
      Array.from({ length: 500 }, (_, i) => ({
        userId: me.id,
        name: `Artigo ${i}`,
        price: "20.00",
        shippingPrice: "2.50",
        sku: `SKU-${i}`,
        status: i < 250 ? "sold" : "in_stock",
      })),
    )
    .returning({ id: inventoryItems.id });
  // every item has a photo (one 1200×800 JPEG shared by all, to keep the seed quick)
  const full = await sharp(Buffer.alloc(1200 * 800 * 3, 128), {
    raw: { width: 1200, height: 800, channels: 3 },
  })
    .jpeg()
    .toBuffer();
  const thumbnail = await makeThumbnail(full);
  for (let i = 0; i < items.length; i += 100) {
    await db
      .insert(itemPhotos)
      .values(
        items.slice(i, i + 100).map((item) => ({ itemId: item.id, mime: "image/jpeg", full, thumbnail })),
      );
  }
  await db.insert(sales).values(
    items.slice(0, 250).map((item, i) => ({
      userId: me.id,
      inventoryItemId: item.id,
      salePrice: "45.00",
      fees: "1.50",
      profit: "21.00",
      platform: "Vinted",
      saleDate: new Date(Date.now() - i * 86_400_000),
    })),
  );
  // 200 sellers for the ranking, 5 sales each
  const sellers = await db
    .insert(users)
    .values(Array.from({ length: 200 }, (_, i) => ({ username: `vendedor${i}`, passwordHash: hash })))
    .returning({ id: users.id });
  const sellerItems = await db
    .insert(inventoryItems)
    .values(
      sellers.flatMap((s) =>
        Array.from({ length: 5 }, (_, j) => ({
          userId: s.id,
          name: `Peça ${j}`,
          price: "10.00",
          status: "sold",
        })),
      ),
    )
    .returning({ id: inventoryItems.id, userId: inventoryItems.userId });
  await db.insert(sales).values(
    sellerItems.map((it, k) => ({
      userId: it.userId,
      inventoryItemId: it.id,
      salePrice: `${15 + (k % 40)}.00`,
      profit: `${5 + (k % 40)}.00`,
      platform: "Vinted",
    })),
  );
}

interface Row {
  target: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  kBPerAnswer: number;
  errors: number;
}

async function measure(target: string, url: string, headers: Record<string, string>): Promise<Row> {
  // the load generator runs in its own thread so it does not share the server's event loop
  // one second of warm-up first (JIT, first load of each answer), not counted
  await autocannon({ url, connections: 100, duration: 1, headers, workers: 1 });
  const result = await autocannon({ url, connections: 100, duration: seconds, headers, workers: 1 });
  return {
    target,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    kBPerAnswer: Math.round(result.throughput.average / Math.max(1, result.requests.average) / 102.4) / 10,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  const database = await openBenchDatabase();
  await seed(database);
  // the production defaults (log level info), not the tests' silence
  const config = loadConfig({ NODE_ENV: "production" });
  const app = await buildApp({ database, config, clientDir: null });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "revendedor", password: PASSWORD }),
  });
  const cookie = login.headers.get("set-cookie")!.split(";")[0];

  const bare = Fastify({ logger: false });
  bare.get("/", async () => ({ ok: true }));
  await bare.listen({ port: 0, host: "127.0.0.1" });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/`;

  // the inventory list's size: photos travel apart, so 500 items with photos stay small
  const list = await fetch(`${base}/api/inventory`, { headers: { cookie, "accept-encoding": "identity" } });
  const listBytes = (await list.arrayBuffer()).byteLength;
  const listGzip = await fetch(`${base}/api/inventory`, { headers: { cookie, "accept-encoding": "gzip" } });
  const gzipBytes = Number(
    listGzip.headers.get("content-length") ?? (await listGzip.arrayBuffer()).byteLength,
  );
  console.log(
    `GET /api/inventory, 500 items with photos: ${Math.round(listBytes / 1024)} KB (${Math.round(gzipBytes / 1024)} KB gzip); target < 300 KB`,
  );

  const rows: Row[] = [await measure("bare Fastify route (ceiling)", bareUrl, {})];
  for (const path of [
    "/api/products",
    "/api/inventory",
    "/api/statistics",
    "/api/inventory/statistics",
    "/api/status/statistics",
    "/api/ranking",
  ].filter((p) => p.includes(only))) {
    // what Chromium sends: answers travel compressed, as they do to the app's real clients
    const browser = { cookie, "accept-encoding": "gzip, deflate, br, zstd" };
    rows.push(await measure(`GET ${path}`, `${base}${path}`, browser));
  }
  await app.close();
  await bare.close();
  await database.close();

  console.log(
    `\nbench:api — ${dbKind}, 100 connections, ${seconds} s each, ${os.cpus().length} cores, Node ${process.version}`,
  );
  console.table(rows.map((r) => ({ ...r, "p99 < 25 ms": r.p99 < 25 ? "sim" : "NÃO" })));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
