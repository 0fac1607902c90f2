/**
 * `npm run bench:targets [-- --users 50 --seconds 10 --db pglite|postgres|both]`
 *
 * What shared targets save (issue 26): N users each watch the same product at 1 s, against the
 * stand-in retailer; the same N users each watching a product of their own is the comparison (what
 * every product row fetched on its own cost before). Prints the requests per second the retailer
 * got in each case and their ratio, then flips the shared product into stock and prints how many
 * of the N owners were alerted (each once, on their own webhook) and the p99 from the fetch that
 * saw the change to the last alert's receipt.
 */
import { sql } from "drizzle-orm";
import { FakeRetailer } from "../tools/fake-retailer.js";
import { FakeWebhook } from "../tools/fake-webhook.js";
import { products, users } from "../server/src/db/schema.js";
import { startEngine } from "../server/src/engine/start.js";
import { scratchDatabase } from "./scratch-db.js";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const USERS = Number(arg("users", "50"));
const SECONDS = Number(arg("seconds", "10"));
const DBS = arg("db", "pglite");
const PG_URL = arg("pg", process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Run {
  requestsPerSecond: number;
  alerted: number;
  alertP99Ms: number | null;
}

/** N users at 1 s; `shared`: all on one product, else one product each */
async function run(kind: string, shared: boolean): Promise<Run> {
  const retailer = new FakeRetailer();
  const webhook = new FakeWebhook();
  const shop = await retailer.listen();
  const hook = await webhook.listen();
  const { database, drop } = await scratchDatabase(kind, { pgUrl: PG_URL, prefix: "sm_bench_targets" });
  const handle = (i: number) => (shared ? "drop" : `drop${i}`);
  for (let i = 0; i < USERS; i++) retailer.setProduct(handle(i), { status: "out_of_stock" });
  for (let i = 0; i < USERS; i++) {
    const [user] = await database.db
      .insert(users)
      .values({ username: `bench${i}`, passwordHash: "x", monitorLimit: 10 })
      .returning({ id: users.id });
    await database.db.insert(products).values({
      userId: user.id,
      name: `Drop de ${i}`,
      productId: "",
      url: `https://nudeproject.com/products/${handle(i)}`,
      webhookUrl: `https://discord.com/api/webhooks/${i}/bench`,
      platform: "nudeproject",
      checkInterval: 1000,
    });
  }
  const engine = await startEngine({
    database,
    config: {
      monitorProxies: [],
      monitorRedirect: new Map([
        ["https://nudeproject.com", shop],
        ["https://discord.com", hook],
      ]),
    },
    scheduler: { startJitterMs: 1000, maxPerHost: 50, maxPerUser: 50 },
    onError: (e) => console.error("[bench targets]", e),
  });
  // every product's first check done, then the measured window
  for (;;) {
    const r = await database.db.execute(
      sql`select count(*)::int as n from products where last_check is null`,
    );
    if ((r as unknown as { rows: { n: number }[] }).rows[0].n === 0) break;
    await wait(200);
  }
  await wait(1000);
  retailer.resetStats();
  const started = Date.now();
  await wait(SECONDS * 1000);
  const requestsPerSecond = retailer.requests / ((Date.now() - started) / 1000);

  webhook.received.length = 0;
  for (let i = 0; i < USERS; i++) retailer.setProduct(handle(i), { sizes: ["M"] });
  await webhook.waitForAccepted(USERS, 30_000).catch(() => {});
  await wait(1500); // nobody gets a second one
  const latencies = webhook.accepted
    .map((d) => d.at - Date.parse((d.body as { embeds: { timestamp: string }[] }).embeds[0].timestamp))
    .sort((a, b) => a - b);
  const paths = new Set(webhook.accepted.map((d) => d.path));
  await engine.stop();
  await drop();
  await retailer.close();
  await webhook.close();
  return {
    requestsPerSecond,
    alerted: paths.size === webhook.accepted.length ? paths.size : -webhook.accepted.length,
    alertP99Ms: latencies.length
      ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]
      : null,
  };
}

const kinds = DBS === "both" ? ["pglite", "postgres"] : [DBS];
console.log(`\nShared targets: ${USERS} users at 1 s, ${SECONDS} s per run`);
for (const kind of kinds) {
  const own = await run(kind, false);
  const shared = await run(kind, true);
  console.log(`\n${kind}`);
  console.log(`  one product each:      ${own.requestsPerSecond.toFixed(1)} requests/s to the retailer`);
  console.log(`  all on one product:    ${shared.requestsPerSecond.toFixed(1)} requests/s to the retailer`);
  console.log(
    `  saving:                ${(own.requestsPerSecond / shared.requestsPerSecond).toFixed(1)}× fewer requests`,
  );
  console.log(
    `  restock on the shared product: ${shared.alerted} of ${USERS} owners alerted once each, p99 ${shared.alertP99Ms} ms from the fetch`,
  );
}
process.exit(0);
