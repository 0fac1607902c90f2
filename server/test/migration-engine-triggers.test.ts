import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { dbKinds } from "./harness.js";
import { installationBefore } from "./migration-support.js";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(dbKinds())("migrations 0142 and 0143 on an existing installation (%s)", (kind) => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });

  it("sends 'checked' per statement, drops the products' due index, and an edited URL still leaves its target", async () => {
    const install = await installationBefore(
      kind,
      "0142",
      `insert into users (username, password_hash) values ('ana', 'x');
       insert into monitor_targets (platform, target_key, url) values ('nudeproject', 'k', 'https://nudeproject.com/products/a');
       insert into products (user_id, name, product_id, url, platform, webhook_url, target_id)
         values (1, 'Boné', 'a', 'https://nudeproject.com/products/a', 'nudeproject', '', 1);`,
    );
    cleanup = install.cleanup;
    const database = await install.open();
    cleanup.push(() => database.close());
    const { db } = database;
    const names = async (query: ReturnType<typeof sql>) =>
      rowsOf<{ name: string }>(await db.execute(query)).map((r) => r.name);
    expect(
      await names(sql`select indexname as name from pg_indexes where tablename = 'products' order by 1`),
    ).not.toContain("products_due_idx");
    expect(
      await names(
        sql`select tgname as name from pg_trigger where tgrelid = 'products'::regclass and not tgisinternal order by 1`,
      ),
    ).toEqual(
      expect.arrayContaining(["products_checked", "products_status_changed", "products_target_reset"]),
    );
    // the reset trigger, now with a WHEN clause: a check's write keeps the target, an edit of the URL does not
    await db.execute(sql`update products set last_check = now(), failure_streak = 0 where id = 1`);
    expect(
      rowsOf<{ t: number | null }>(await db.execute(sql`select target_id as t from products where id = 1`)),
    ).toEqual([{ t: 1 }]);
    await db.execute(sql`update products set url = 'https://nudeproject.com/products/b' where id = 1`);
    expect(
      rowsOf<{ t: number | null }>(await db.execute(sql`select target_id as t from products where id = 1`)),
    ).toEqual([{ t: null }]);
  });
});
