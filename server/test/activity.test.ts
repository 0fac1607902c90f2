import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLogs } from "../src/db/schema.js";
import { type ActivityEntry, logActivity } from "../src/services/activity.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { zaraProduct } from "./product-fixtures.js";

interface Item {
  id: number;
  action: string;
  type: string;
  message: string;
  username: string | null;
  productName: string | null;
  createdAt: string;
}

describe.each(dbKinds())("activity API (%s)", (kind) => {
  let t: TestApp;
  let ana: string;
  let rui: string;
  let admin: string;
  let anaId: number;
  let ruiId: number;

  const entry = (
    userId: number,
    action: ActivityEntry["action"],
    type: ActivityEntry["type"],
  ): ActivityEntry => ({
    userId,
    action,
    type,
    code: "legacy",
    params: {},
    message: `${action} ${type}`,
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    anaId = await t.createUser({ username: "ana", monitorLimit: 5 });
    ruiId = await t.createUser({ username: "rui" });
    await t.createUser({ username: "chefe", role: "admin" });
    [ana, rui, admin] = [await t.login("ana"), await t.login("rui"), await t.login("chefe")];
    const db = t.database.db;
    await logActivity(db, entry(anaId, "stock_check", "success"));
    await logActivity(db, entry(anaId, "stock_check_failed", "error"));
    await logActivity(db, entry(anaId, "notification_sent", "success"));
    await logActivity(db, entry(anaId, "notification_failed", "error"));
    await logActivity(db, entry(ruiId, "stock_check", "info"));
    await t.app.inject({
      method: "POST",
      url: "/api/products",
      headers: { cookie: ana },
      payload: zaraProduct({ name: "Casaco da Ana" }),
    });
  });
  afterAll(() => t.close());

  const get = async (cookie: string, query = ""): Promise<Item[]> => {
    const res = await t.app.inject({ method: "GET", url: `/api/activity${query}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it("shows a user only their own entries, newest first, without usernames", async () => {
    const items = await get(ana);
    expect(items.map((i) => i.action)).toEqual([
      "product_added",
      "notification_failed",
      "notification_sent",
      "stock_check_failed",
      "stock_check",
    ]);
    expect(items[0]).toMatchObject({ productName: "Casaco da Ana", type: "success" });
    expect(items.every((i) => i.username === null)).toBe(true);
    const ruis = await get(rui);
    expect(ruis.map((i) => i.action)).toEqual(["stock_check"]);
  });

  it("shows admins everyone's entries with the user named", async () => {
    const items = await get(admin);
    expect(items).toHaveLength(6);
    expect(new Set(items.map((i) => i.username))).toEqual(new Set(["ana", "rui"]));
  });

  it("filters by the History types", async () => {
    const actions = async (type: string) => (await get(ana, `?type=${type}`)).map((i) => i.action).sort();
    expect(await actions("stock_check")).toEqual(["stock_check", "stock_check_failed"]);
    expect(await actions("notification")).toEqual(["notification_failed", "notification_sent"]);
    expect(await actions("error")).toEqual(["notification_failed", "stock_check_failed"]);
    expect(await actions("system")).toEqual(["product_added"]);
    expect(await actions("all")).toHaveLength(5);
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/activity?type=tudo",
      headers: { cookie: ana },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Filtro inválido");
  });

  it("clears only the caller's own history, admins included", async () => {
    const cleared = await t.app.inject({
      method: "DELETE",
      url: "/api/activity",
      headers: { cookie: admin },
    });
    expect(cleared.json().deleted).toBe(0);
    expect(await get(admin)).toHaveLength(6);

    const res = await t.app.inject({ method: "DELETE", url: "/api/activity", headers: { cookie: ana } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: "Histórico limpo", deleted: 5 });
    expect(await get(ana)).toEqual([]);
    expect(await get(rui)).toHaveLength(1);
  });

  it("answers at most 500 entries", async () => {
    const rows = Array.from({ length: 520 }, (_, i) => ({
      userId: ruiId,
      action: "stock_check",
      message: `verificação ${i}`,
      type: "info",
    }));
    await t.database.db.insert(activityLogs).values(rows);
    const items = await get(rui);
    expect(items).toHaveLength(500);
    expect(new Date(items[0].createdAt).getTime()).toBeGreaterThanOrEqual(
      new Date(items[499].createdAt).getTime(),
    );
  });

  it("filters by product name and by a date range, and lists the names to filter by", async () => {
    const db = t.database.db;
    const at = (iso: string) => new Date(iso);
    await db.insert(activityLogs).values([
      {
        userId: ruiId,
        productName: "Boné",
        action: "stock_check",
        message: "a",
        type: "success",
        createdAt: at("2026-03-09T23:59:59Z"),
      },
      {
        userId: ruiId,
        productName: "Boné",
        action: "stock_check",
        message: "b",
        type: "info",
        createdAt: at("2026-03-10T00:00:00Z"),
      },
      {
        userId: ruiId,
        productName: "Boné",
        action: "notification_sent",
        message: "c",
        type: "success",
        createdAt: at("2026-03-11T23:59:59Z"),
      },
      {
        userId: ruiId,
        productName: "Boné",
        action: "stock_check",
        message: "d",
        type: "info",
        createdAt: at("2026-03-12T00:00:00Z"),
      },
      {
        userId: ruiId,
        productName: "Meias",
        action: "stock_check",
        message: "e",
        type: "info",
        createdAt: at("2026-03-10T12:00:00Z"),
      },
      {
        userId: anaId,
        productName: "Boné",
        action: "stock_check",
        message: "f",
        type: "info",
        createdAt: at("2026-03-10T12:00:00Z"),
      },
    ]);
    const messages = async (cookie: string, query: string) =>
      (await get(cookie, query)).map((i) => i.message).sort();
    expect(await messages(rui, `?product=${encodeURIComponent("Boné")}`)).toEqual(["a", "b", "c", "d"]);
    // from ≤ createdAt < to
    const range = `from=2026-03-10T00:00:00.000Z&to=2026-03-12T00:00:00.000Z`;
    expect(await messages(rui, `?${range}`)).toEqual(["b", "c", "e"]);
    expect(await messages(rui, `?product=Bon%C3%A9&${range}&type=notification`)).toEqual(["c"]);
    // a user never reaches another's entries by naming their product
    expect(await messages(ana, `?product=Meias`)).toEqual([]);
    expect(await messages(admin, `?product=Bon%C3%A9&${range}`)).toEqual(["b", "c", "f"]);

    const bad = async (query: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/activity?${query}`,
        headers: { cookie: rui },
      });
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    expect(await bad("from=ontem")).toBe("Data inicial inválida");
    expect(await bad("to=2026-13-45")).toMatch(/^Data final inválida/);
    expect(await bad("from=2026-03-12&to=2026-03-10")).toBe(
      "A data final não pode ser anterior à data inicial",
    );

    const names = async (cookie: string) =>
      (await t.app.inject({ method: "GET", url: "/api/activity/products", headers: { cookie } })).json();
    expect(await names(rui)).toEqual(["Boné", "Meias"]);
    // (Ana's own history was cleared above)
    expect(await names(ana)).toEqual(["Boné"]);
    expect(await names(admin)).toEqual(["Boné", "Meias"]);
    expect((await t.app.inject({ method: "GET", url: "/api/activity/products" })).statusCode).toBe(401);
  });

  it("answers 401 without a session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/activity" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "DELETE", url: "/api/activity" })).statusCode).toBe(401);
  });
});
