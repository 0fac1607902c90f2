import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client.js";
import { queryPrepared } from "../src/db/prepared.js";
import { PGliteThread } from "../src/db/pglite-thread.js";
import { createTestDatabase, dbKinds } from "./harness.js";

/** the engine's hot statements are named, parsed once and then only bound and run (db/prepared.ts) */
describe.each(dbKinds())("named prepared statements (%s)", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  const raw = () =>
    (database.db as unknown as { $client: { query(s: string, p?: unknown[]): Promise<{ rows: unknown[] }> } })
      .$client;

  it("goes through the database's own prepared path, not a plain query", () => {
    const client = raw();
    if (kind === "pglite") expect(client).toBeInstanceOf(PGliteThread);
    else expect(client.constructor.name).toBe("BoundPool");
  });

  it("runs again with other values, its rows read as a plain query reads them", async () => {
    const text = `select $1::int + $2::int as n, to_timestamp($3::float8 / 1000) as at, $4::text as s,
      $5::jsonb as j, $6::int[] as ids, null::text as nothing`;
    const first = await queryPrepared(database.db, "test_sum", text, [
      1,
      2,
      1_700_000_000_000,
      "it's",
      '{"x":1}',
      "{4,5}",
    ]);
    const plain = await raw().query(text, [1, 2, 1_700_000_000_000, "it's", '{"x":1}', "{4,5}"]);
    expect(first.rows).toEqual(plain.rows);
    expect(first.rows[0]).toMatchObject({ n: 3, s: "it's", j: { x: 1 }, ids: [4, 5], nothing: null });
    expect((first.rows[0].at as Date).getTime()).toBe(1_700_000_000_000);
    const second = await queryPrepared(database.db, "test_sum", text, [40, 2, 0, null, "null", "{}"]);
    expect(second.rows[0]).toMatchObject({ n: 42, s: null, j: null, ids: [] });
  });

  it("a run that fails leaves the statement usable; one that failed to parse is not remembered", async () => {
    const divide = "select 10 / $1::int as n";
    await expect(queryPrepared(database.db, "test_divide", divide, [0])).rejects.toMatchObject({
      code: "22012",
    });
    expect((await queryPrepared(database.db, "test_divide", divide, [5])).rows).toEqual([{ n: 2 }]);

    const later = "select count(*)::int as n from prepared_later";
    await expect(queryPrepared(database.db, "test_later", later, [])).rejects.toMatchObject({
      code: "42P01",
    });
    await raw().query("create table prepared_later (id int)");
    await raw().query("insert into prepared_later values (1), (2)");
    expect((await queryPrepared(database.db, "test_later", later, [])).rows).toEqual([{ n: 2 }]);
  });

  it("writes as a plain statement writes: the row is there for the next reader", async () => {
    await raw().query("create table prepared_rows (id int primary key, v text)");
    const insert = "insert into prepared_rows values ($1, $2) returning id";
    for (let i = 1; i <= 20; i++) await queryPrepared(database.db, "test_insert", insert, [i, `v${i}`]);
    expect((await raw().query("select count(*)::int as n from prepared_rows")).rows).toEqual([{ n: 20 }]);
  });
});
