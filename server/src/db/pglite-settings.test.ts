import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.js";
import { migratedTemplate } from "../../test/pglite-template.js";

const setting = async (database: Awaited<ReturnType<typeof openDatabase>>, name: string) => {
  const result = (await database.db.execute(sql.raw(`show ${name}`))) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows[0][name];
};

describe("the embedded database's memory settings", () => {
  it("runs with small buffers by default, in its thread and in this one", async () => {
    for (const pgliteThread of [true, false]) {
      const database = await openDatabase({
        dataDir: null,
        pgliteThread,
        pgliteTemplate: await migratedTemplate(),
      });
      try {
        expect(await setting(database, "shared_buffers")).toBe("16MB");
        expect(await setting(database, "work_mem")).toBe("2MB");
      } finally {
        await database.close();
      }
    }
  }, 120_000);

  it("takes the shared buffers PGLITE_SHARED_BUFFERS_MB asks for", async () => {
    const database = await openDatabase({
      dataDir: null,
      pgliteSharedBuffersMb: 64,
      pgliteTemplate: await migratedTemplate(),
    });
    try {
      expect(await setting(database, "shared_buffers")).toBe("64MB");
    } finally {
      await database.close();
    }
  }, 120_000);
});
