import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.js";

/** every file and folder below `root` with its permission bits */
function modes(root: string): { path: string; mode: number; dir: boolean }[] {
  const out: { path: string; mode: number; dir: boolean }[] = [];
  const walk = (p: string) => {
    const st = fs.statSync(p);
    out.push({ path: p, mode: st.mode & 0o777, dir: st.isDirectory() });
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
  };
  walk(root);
  return out;
}

describe("embedded database files", () => {
  it("are readable by the server's account only, existing data included", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sm-perms-"));
    try {
      const first = await openDatabase({ dataDir });
      await first.close();
      // data written by an older version: world-writable
      for (const entry of modes(path.join(dataDir, "pglite")))
        fs.chmodSync(entry.path, entry.dir ? 0o777 : 0o666);
      const database = await openDatabase({ dataDir });
      await database.db.execute(sql`create table scratch (id int)`);
      await database.db.execute(sql`insert into scratch select generate_series(1, 1000)`);
      await database.db.execute(sql`checkpoint`);
      await database.close();
      const loose = modes(path.join(dataDir, "pglite")).filter((e) => (e.mode & 0o077) !== 0);
      expect(loose.map((e) => `${e.path.slice(dataDir.length)} ${e.mode.toString(8)}`)).toEqual([]);
      expect(fs.statSync(path.join(dataDir, "pglite")).mode & 0o777).toBe(0o700);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
