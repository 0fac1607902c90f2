import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { describe, expect, it } from "vitest";

const migrations = path.join(import.meta.dirname, "../src/db/migrations");
const PNG_B64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** a copy of the migrations folder whose journal stops before 0006 */
function migrationsBefore0006(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  fs.cpSync(migrations, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8"));
  journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < "0006");
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe("migration 0006 (pglite)", () => {
  it("moves photos out of the item row and gives sale platforms one spelling", async () => {
    const client = new PGlite();
    const db = drizzle(client);
    const before = migrationsBefore0006();
    await migrate(db, { migrationsFolder: before }).catch((e) => {
      throw new Error(`before: ${e.message}`);
    });
    await client.exec("insert into users (username, password_hash) values ('ana', 'x')");
    await client.exec(
      `insert into inventory_items (user_id, name, price, image) values
        (1, 'com foto', 10, 'data:image/png;base64,${PNG_B64}'), (1, 'sem foto', 5, null)`,
    );
    await client.exec(
      "insert into sales (user_id, inventory_item_id, sale_price, profit, platform) values (1, 2, 9, 4, ' vinted')",
    );
    await migrate(db, { migrationsFolder: migrations }).catch((e) => {
      throw new Error(`0006: ${e.message}`);
    });
    const photos = await client.query<{ item_id: number; mime: string; full: Uint8Array; thumbnail: null }>(
      'select item_id, mime, "full", thumbnail from item_photos',
    );
    expect(photos.rows).toHaveLength(1);
    expect(photos.rows[0]).toMatchObject({ item_id: 1, mime: "image/png", thumbnail: null });
    expect(Buffer.from(photos.rows[0].full).equals(Buffer.from(PNG_B64, "base64"))).toBe(true);
    const columns = await client.query(
      "select 1 from information_schema.columns where table_name = 'inventory_items' and column_name = 'image'",
    );
    expect(columns.rows).toHaveLength(0);
    const sale = await client.query<{ platform: string }>("select platform from sales");
    expect(sale.rows[0].platform).toBe("Vinted");
    await client.close();
    fs.rmSync(before, { recursive: true });
  });
});
