import { asc } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { users } from "../src/db/schema.js";
import { hashPassword } from "../src/services/passwords.js";
import { createTestApp, type DbKind, dbKinds, PASSWORD } from "./harness.js";
import { installationBefore } from "./migration-support.js";

/** an installation before `tag` holding users of these `names` */
function installationWith(kind: DbKind, tag: string, names: string[]) {
  const values = names.map((n) => `('${n.replaceAll("'", "''")}', 'x')`).join(", ");
  return installationBefore(kind, tag, `insert into users (username, password_hash) values ${values}`);
}

describe.each(dbKinds())("username migrations on an existing installation (%s)", (kind) => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });

  it("0004 applies where two names differ only in case: the oldest keeps its name, the others get their id", async () => {
    const install = await installationWith(kind, "0004", ["ana", "Ana", "ana-2", "ANA", "rui"]);
    cleanup = install.cleanup;
    const database = await install.open();
    cleanup.push(() => database.close());
    const rows = await database.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .orderBy(asc(users.id));
    expect(rows.map((r) => r.username)).toEqual(["ana", "Ana-2-2", "ana-2", "ANA-4", "rui"]);
    // and the rule now holds
    await expect(database.db.insert(users).values({ username: "RUI", passwordHash: "x" })).rejects.toThrow();
  }, 120_000); // two starts of an embedded database on disk

  it("0022 gives names stored before the rules their one spelling, so their owners can log in by typing them", async () => {
    // josé in NFC, then in NFD (a Mac keyboard's), a name with spaces around it, full-width letters
    const install = await installationWith(kind, "0022", ["josé", "jose\u0301", " marta ", "ｆｕｌｖａｎｏ"]);
    cleanup = install.cleanup;
    const database = await install.open();
    cleanup.push(() => database.close());
    const rows = await database.db.select({ username: users.username }).from(users).orderBy(asc(users.id));
    expect(rows.map((r) => r.username)).toEqual(["josé", "josé-2", "marta", "fulvano"]);
    const app = await createTestApp(kind, { database });
    cleanup.push(() => app.close());
    await database.db.update(users).set({ passwordHash: await hashPassword(PASSWORD) });
    for (const username of ["Marta", "fulvano", "JOSÉ-2"]) {
      const res = await app.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { username, password: PASSWORD },
      });
      expect(res.statusCode, username).toBe(200);
    }
  }, 120_000);
});
