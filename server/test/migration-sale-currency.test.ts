import { asc } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { sales } from "../src/db/schema.js";
import { type DbKind, dbKinds } from "./harness.js";
import { installationBefore } from "./migration-support.js";

/** users 1–4 with books in US$, no settings saved, £ and €; one sale each */
function installation(kind: DbKind) {
  return installationBefore(
    kind,
    "0139",
    `insert into users (username, password_hash) values ('ana', 'x'), ('rui', 'x'), ('lia', 'x'), ('ze', 'x');
     insert into user_settings (user_id, value) values
       (1, '{"currency": "USD", "timezone": "America/New_York"}'),
       (3, '{"currency": "GBP"}'),
       (4, '{"currency": "EUR"}');
     insert into sales (user_id, sale_price, profit) values (1, 10, 1), (2, 20, 2), (3, 30, 3), (4, 40, 4);`,
  );
}

describe.each(dbKinds())("migration 0139 on an existing installation (%s)", (kind) => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });

  it("gives each existing sale its owner's books currency of today (euros without settings)", async () => {
    const install = await installation(kind);
    cleanup = install.cleanup;
    const database = await install.open();
    cleanup.push(() => database.close());
    const rows = await database.db
      .select({ userId: sales.userId, currency: sales.currency })
      .from(sales)
      .orderBy(asc(sales.userId));
    expect(rows.map((r) => r.currency)).toEqual(["USD", "EUR", "GBP", "EUR"]);
  }, 120_000); // two starts of an embedded database on disk
});
