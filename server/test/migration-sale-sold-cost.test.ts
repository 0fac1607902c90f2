import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { statisticsRepository } from "../src/repositories/statistics.js";
import { dbKinds } from "./harness.js";
import { installationBefore } from "./migration-support.js";

describe.each(dbKinds())("migrations 0141 and 0144 on an existing installation (%s)", (kind) => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });

  it("gives each existing sale its item's cost, and keeps it when the item changes", async () => {
    const install = await installationBefore(
      kind,
      "0141",
      `insert into users (username, password_hash) values ('ana', 'x');
       insert into inventory_items (user_id, name, price, shipping_price, quantity, status) values
         (1, 'lote', 10.10, 1.05, 3, 'sold'),
         (1, 'um', 20, 0, 1, 'sold'),
         (1, 'em stock', 30, 2, 1, 'in_stock');
       insert into sales (user_id, inventory_item_id, sale_price, profit, sale_date, currency) values
         (1, 1, 50, 16.55, '2025-03-10 12:00+00', 'EUR'),
         (1, 2, 25, 5, '2025-03-11 12:00+00', 'USD'),
         (1, null, 9, 9, '2025-03-12 12:00+00', 'EUR'),
         (1, null, 0, -1, '2025-03-13 00:00+00', 'EUR');`,
    );
    cleanup = install.cleanup;
    const database = await install.open();
    cleanup.push(() => database.close());
    const { db } = database;
    const costs = async () => {
      const result = await db.execute(sql`select id, sold_cost::text as cost from sales order by id`);
      return (result as unknown as { rows: { id: number; cost: string | null }[] }).rows;
    };
    // (10.10 + 1.05) × 3; a sale without an item keeps none, as the join it replaces counted none
    expect(await costs()).toEqual([
      { id: 1, cost: "33.45" },
      { id: 2, cost: "20.00" },
      { id: 3, cost: null },
      { id: 4, cost: null },
    ]);
    // 0144: the margin (none for a sale at 0) and a sale kept without a time, computed by PostgreSQL
    const kept = await db.execute(
      sql`select id, round(margin, 4)::text as margin, day_only from sales order by id`,
    );
    expect((kept as unknown as { rows: unknown[] }).rows).toEqual([
      { id: 1, margin: "33.1000", day_only: false },
      { id: 2, margin: "20.0000", day_only: false },
      { id: 3, margin: "100.0000", day_only: false },
      { id: 4, margin: null, day_only: true },
    ]);
    const march = { from: "2025-03-01", to: "2025-04-01", timeZone: "Europe/Lisbon" };
    const comparison = {
      kind: "days" as const,
      current: march,
      previous: { from: "2025-02-01", to: "2025-03-01", timeZone: "Europe/Lisbon" },
    };
    expect(await statisticsRepository.salesFigures(db, 1, "EUR", march, comparison)).toMatchObject({
      totalSales: 3,
      soldCost: "33.45",
      averageMargin: "66.55",
    });
    // the triggers the migration adds: an item's edit reaches its sale, a new sale takes its cost
    await db.execute(sql`update inventory_items set quantity = 2, shipping_price = 0 where id = 1`);
    await db.execute(sql`update sales set inventory_item_id = 3 where id = 2`);
    expect(await costs()).toEqual([
      { id: 1, cost: "20.20" },
      { id: 2, cost: "32.00" },
      { id: 3, cost: null },
      { id: 4, cost: null },
    ]);
  }, 120_000); // two starts of an embedded database on disk
});
