import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLogs } from "../src/db/schema.js";
import { trimActivityToQuota } from "../src/services/quotas.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

/** a PNG of noise of about `kb` KB (it does not compress) */
async function photo(kb: number): Promise<string> {
  const side = Math.round(Math.sqrt((kb * 1024) / 3));
  const noise = Buffer.alloc(side * side * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761 + kb) >>> 24;
  const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

// Issue 27, item 1: per-user quotas an admin sets in Configurações globais, and the inventory's
// writes per minute
describe.each(dbKinds())("per-user quotas (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  let small: string;
  let large: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.createUser({ username: "chefe", role: "admin" });
    admin = await t.login("chefe");
    small = await photo(300);
    large = await photo(700);
  });
  afterAll(() => t.close());

  const setQuotas = async (global: object) => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { cookie: admin },
      payload: { global },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().global;
  };
  const addItem = (cookie: string, name: string, image?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/inventory",
      headers: { cookie },
      payload: { name, price: "5", ...(image ? { image } : {}) },
    });
  const newUser = async (username: string) => {
    await t.createUser({ username });
    return t.login(username);
  };

  it("has defaults an admin can change, within Portuguese-worded bounds", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/settings", headers: { cookie: admin } });
    expect(res.json().global).toMatchObject({
      quotaItems: 5000,
      quotaPhotos: 2000,
      quotaPhotoMb: 1000,
      quotaActivityRows: 50000,
      inventoryWritesPerMinute: 120,
    });
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { cookie: admin },
      payload: { global: { quotaItems: 0 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Mínimo 1");
    const ana = await newUser("ana-quota");
    const refused = await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { cookie: ana },
      payload: { global: { quotaItems: 1_000_000 } },
    });
    expect(refused.statusCode).toBe(403);
  });

  it("refuses an item past quotaItems, with parallel creates counted exactly", async () => {
    await setQuotas({ quotaItems: 3 });
    const rui = await newUser("rui-quota");
    expect((await addItem(rui, "um")).statusCode).toBe(201);
    const parallel = await Promise.all([1, 2, 3, 4, 5].map((n) => addItem(rui, `p${n}`)));
    expect(parallel.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const over = parallel.filter((r) => r.statusCode !== 201);
    expect(over.map((r) => r.statusCode)).toEqual([403, 403, 403]);
    expect(over[0].json().message).toMatch(/^Limite de itens no inventário atingido \(3\/3\): apague/);
    // another user's count is their own
    expect((await addItem(await newUser("eva-quota"), "dela")).statusCode).toBe(201);
    await setQuotas({ quotaItems: 5000 });
  });

  it("refuses photos past quotaPhotos and quotaPhotoMb; replacing an item's own photo is not a new one", async () => {
    await setQuotas({ quotaPhotos: 1, quotaPhotoMb: 1 });
    const rita = await newUser("rita-quota");
    const first = await addItem(rita, "com foto", small);
    expect(first.statusCode).toBe(201);
    const second = await addItem(rita, "outra foto", small);
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toMatch(/^Limite de fotos atingido \(1\/1\)/);
    // the refused create left nothing behind
    const list = await t.app.inject({ method: "GET", url: "/api/inventory", headers: { cookie: rita } });
    expect(list.json()).toHaveLength(1);
    const replaced = await t.app.inject({
      method: "PATCH",
      url: `/api/inventory/${first.json().id}`,
      headers: { cookie: rita },
      payload: { image: small },
    });
    expect(replaced.statusCode).toBe(200);

    await setQuotas({ quotaPhotos: 10, quotaPhotoMb: 1 });
    const tooBig = await addItem(rita, "grande", large);
    expect(tooBig.statusCode).toBe(403);
    expect(tooBig.json().message).toMatch(/^Limite de espaço para fotos atingido \(1 MB de 1 MB\)/);
    await setQuotas({ quotaPhotos: 2000, quotaPhotoMb: 1000 });
  });

  it("limits inventory changes a minute per user, with a Portuguese 429", async () => {
    await setQuotas({ inventoryWritesPerMinute: 3 });
    const leo = await newUser("leo-quota");
    for (const name of ["a", "b", "c"]) expect((await addItem(leo, name)).statusCode).toBe(201);
    const limited = await addItem(leo, "d");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(
      "Demasiadas alterações ao inventário (máximo 3 por minuto). Aguarde um momento e tente de novo.",
    );
    // reads are not writes, and another user has their own allowance
    const read = await t.app.inject({ method: "GET", url: "/api/inventory", headers: { cookie: leo } });
    expect(read.statusCode).toBe(200);
    expect((await addItem(await newUser("mia-quota"), "x")).statusCode).toBe(201);
    await setQuotas({ inventoryWritesPerMinute: 120 });
  });

  it("keeps each user's newest quotaActivityRows activity entries when history is pruned", async () => {
    const db = t.database.db;
    const ids = [await t.createUser({ username: "ze-quota" }), await t.createUser({ username: "bia-quota" })];
    const base = Date.now() - 3_600_000;
    for (const [who, count] of [
      [ids[0], 130],
      [ids[1], 40],
    ]) {
      await db.insert(activityLogs).values(
        Array.from({ length: count }, (_, i) => ({
          userId: who,
          action: "test",
          message: `entrada ${i}`,
          createdAt: new Date(base + i * 1000),
        })),
      );
    }
    await setQuotas({ quotaActivityRows: 100 });
    await trimActivityToQuota(db);
    const counts = await db.execute(sql`
      select user_id, count(*)::int as n, min(message) filter (where message = 'entrada 30') as oldest_kept,
             count(*) filter (where message = 'entrada 29')::int as dropped
      from activity_logs where user_id in (${ids[0]}, ${ids[1]}) group by user_id order by user_id`);
    expect((counts as unknown as { rows: unknown[] }).rows).toEqual([
      { user_id: ids[0], n: 100, oldest_kept: "entrada 30", dropped: 0 },
      { user_id: ids[1], n: 40, oldest_kept: "entrada 30", dropped: 1 },
    ]);
    await setQuotas({ quotaActivityRows: 50000 });
  });
});
