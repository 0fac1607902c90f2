import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client.js";
import { products, users } from "../src/db/schema.js";
import { IntervalStretch } from "../src/engine/interval-stretch.js";
import { adoptUntargeted } from "../src/engine/store.js";
import { createTestDatabase, dbKinds } from "./harness.js";

const HOST = "stretch.nudeproject.com";
/** 120 a minute, 108 planned (the stretch keeps 10 % for retries) */
const BUDGET = { perMinute: 120, atOnce: 2 };

/**
 * Issue 26: the intervals stretch by the fetches a host's pages ask for, not by the monitors watching
 * them. Ten users on the same pages cost the host one fetch per page, so they are not stretched as if
 * each fetched on their own; when the pages themselves ask for more than the budget, every watcher
 * is stretched alike.
 */
describe.each(dbKinds())("interval stretch over shared pages (%s)", (kind) => {
  let database: Database;
  let userIds: number[];
  const stretch = () =>
    new IntervalStretch({ db: database.db, budgetOf: () => BUDGET, budgeted: (host) => host === HOST });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: 10 }, (_, u) => ({
          username: `vigia${u}`,
          passwordHash: "x",
          monitorLimit: 1000,
        })),
      )
      .returning({ id: users.id });
    userIds = rows.map((r) => r.id);
  });
  afterAll(() => database.close());

  /** every user watches pages [from, to) at 12 s */
  async function watchPages(from: number, to: number) {
    const rows = userIds.flatMap((userId) =>
      Array.from({ length: to - from }, (_, i) => ({
        userId,
        name: `Página ${from + i}`,
        productId: "",
        url: `https://${HOST}/products/p${from + i}`,
        webhookUrl: "",
        platform: "nudeproject",
        checkInterval: 12_000,
      })),
    );
    await database.db.insert(products).values(rows);
    while ((await adoptUntargeted(database.db, 500)) === 500) {}
  }

  it("ten users on 20 pages at 12 s ask for 100 fetches a minute: within the budget, nobody is stretched", async () => {
    await watchPages(0, 20);
    const s = stretch();
    await s.refresh(true);
    expect(s.monitorsOf(HOST)).toBe(200);
    expect(s.demandOf(HOST)).toBeCloseTo(100, 5);
    for (const id of userIds) expect(s.intervalFor(HOST, id, 12_000)).toBe(12_000);
    expect(s.stretchedTo(HOST)).toBeNull();
  });

  it("on 40 pages (200 fetches a minute) every watcher is stretched alike, so the pages ask for 108", async () => {
    await watchPages(20, 40);
    const s = stretch();
    await s.refresh(true);
    expect(s.demandOf(HOST)).toBeCloseTo(200, 5);
    const intervals = userIds.map((id) => s.intervalFor(HOST, id, 12_000));
    for (const ms of intervals) expect(ms).toBe(intervals[0]);
    // 40 pages at 22.2 s: 108 fetches a minute
    expect((40 / intervals[0]) * 60_000).toBeCloseTo(108, 0);
  });
});
