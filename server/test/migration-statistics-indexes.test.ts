import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { statisticsRepository } from "../src/repositories/statistics.js";
import { dbKinds } from "./harness.js";
import { installationBefore } from "./migration-support.js";

describe.each(dbKinds())("migration 0140 on an existing installation (%s)", (kind) => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });

  it("indexes the sales and items a period reads, and keeps their figures", async () => {
    const install = await installationBefore(
      kind,
      "0140",
      `insert into users (username, password_hash) values ('ana', 'x');
       insert into inventory_items (user_id, name, price, purchase_date, created_at, status) values
         (1, 'comprado em março', 10, '2025-03-01 00:00+00', '2025-05-01 12:00+00', 'sold'),
         (1, 'registado em março', 20, null, '2025-03-15 12:00+00', 'in_stock'),
         (1, 'de abril', 30, null, '2025-04-02 12:00+00', 'in_stock');
       insert into sales (user_id, inventory_item_id, sale_price, profit, sale_date) values
         (1, 1, 25, 15, '2025-03-31 23:30+00');`,
    );
    cleanup = install.cleanup;
    const database = await install.open();
    cleanup.push(() => database.close());
    const { db } = database;
    const indexes = await db.execute(
      sql`select indexname from pg_indexes where indexname in ('sales_user_date_idx', 'inventory_user_bought_idx') order by 1`,
    );
    const { rows } = indexes as unknown as { rows: { indexname: string }[] };
    expect(rows.map((r) => r.indexname)).toEqual(["inventory_user_bought_idx", "sales_user_date_idx"]);
    // March in Lisbon: the sale at 23:30 UTC on the 31st is already 1 April there
    const march = { from: "2025-03-01", to: "2025-04-01", timeZone: "Europe/Lisbon" };
    const items = await statisticsRepository.itemCounts(db, 1, march);
    expect(items).toMatchObject({ totalItems: 2, sold: 1, inStock: 1, totalExpenses: "30.00" });
    const figures = await statisticsRepository.salesFigures(db, 1, "EUR", march, {
      kind: "days",
      current: march,
      previous: { from: "2025-02-01", to: "2025-03-01", timeZone: "Europe/Lisbon" },
    });
    expect(figures).toMatchObject({ totalSales: 0, soldCost: "0.00" });
    const april = { from: "2025-04-01", to: "2025-05-01", timeZone: "Europe/Lisbon" };
    expect(await statisticsRepository.bestMonth(db, 1, "Europe/Lisbon", "EUR", april)).toEqual({
      key: "2025-04",
      profit: "15.00",
    });
  }, 120_000); // two starts of an embedded database on disk
});
