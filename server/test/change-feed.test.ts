import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/client.js";
import { createWorld } from "./engine-support.js";
import { createTestDatabase, eventually, migratedTemplate } from "./harness.js";

/** what a feed told its listeners */
function heard(database: Database) {
  const seen = { engine: 0, products: [] as (string | null)[] };
  database.changes.onEngineWork(() => seen.engine++);
  database.changes.onProductEvent((payload) => seen.products.push(payload));
  return seen;
}

/** a product added through the engine tests' world, whose closing is left to the test's end */
async function addProduct(database: Database, closing: (() => Promise<void>)[]): Promise<void> {
  const world = await createWorld(database);
  closing.push(() => world.close());
  await world.addProduct({ url: "https://nudeproject.com/products/casaco", platform: "nudeproject" });
}

describe("the change feed a process listens to", () => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  it.skipIf(!process.env.TEST_PG_URL)(
    "on PostgreSQL a worker hears the engine's wake-ups and none of the web's notifications",
    async () => {
      const web = await createTestDatabase("postgres");
      closing.push(() => web.close());
      const worker = await openDatabase({ databaseUrl: web.url!, poolSize: 1, notifications: "engine" });
      closing.push(() => worker.close());
      const webHeard = heard(web);
      const workerHeard = heard(worker);
      await web.changes.start();
      await worker.changes.start();
      const webStamp = web.changes.stamp(["products"]);
      expect(web.changes.stamp(["products"])).toBe(webStamp);

      await addProduct(web, closing);
      await eventually(() => expect(webHeard.products.filter((p) => p !== null)).not.toHaveLength(0));
      expect(web.changes.stamp(["products"])).not.toBe(webStamp);
      // notifications reach a listener in commit order: once the worker has this wake-up, the
      // product's notifications, sent before it, would have reached it too had it listened
      const wakes = workerHeard.engine;
      await web.db.execute(sql`select pg_notify('engine_work', '')`);
      await eventually(() => expect(workerHeard.engine).toBe(wakes + 1));
      expect(workerHeard.products).toEqual([null]);
      // the tables unheard, no stamp is ever taken as unchanged
      expect(worker.changes.stamp(["products"])).not.toBe(worker.changes.stamp(["products"]));
    },
  );

  it("the embedded database hears everything whatever the process asks", async () => {
    const database = await openDatabase({
      dataDir: null,
      pgliteTemplate: await migratedTemplate(),
      notifications: "engine",
    });
    closing.push(() => database.close());
    const seen = heard(database);
    await database.changes.start();
    const stamp = database.changes.stamp(["products"]);
    await addProduct(database, closing);
    await eventually(() => expect(seen.products.filter((p) => p !== null)).not.toHaveLength(0));
    expect(database.changes.stamp(["products"])).not.toBe(stamp);
  });
});
