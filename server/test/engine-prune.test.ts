import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client.js";
import { activityLogs, notifications } from "../src/db/schema.js";
import { pruneHistory } from "../src/engine/prune.js";
import { createTestDatabase, dbKinds } from "./harness.js";

describe.each(dbKinds())("history pruning (%s)", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it("drops activity older than 90 days and old delivered alerts, keeps the rest", async () => {
    const db = database.db;
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    await db.insert(activityLogs).values([
      { action: "stock_check", message: "antiga", createdAt: daysAgo(91) },
      { action: "stock_check", message: "recente", createdAt: daysAgo(89) },
    ]);
    await db.insert(notifications).values([
      { message: "enviada há muito", type: "restock", status: "sent", createdAt: daysAgo(40) },
      { message: "pendente antiga", type: "restock", status: "pending", createdAt: daysAgo(40) },
      { message: "enviada ontem", type: "restock", status: "sent", createdAt: daysAgo(1) },
    ]);
    await pruneHistory(db);
    const left = await db.select({ message: activityLogs.message }).from(activityLogs);
    expect(left.map((r) => r.message)).toEqual(["recente"]);
    const outbox = await db.execute(sql`select message from notifications order by id`);
    expect((outbox as unknown as { rows: { message: string }[] }).rows.map((r) => r.message)).toEqual([
      "pendente antiga",
      "enviada ontem",
    ]);
  });
});
