import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

describe.each(dbKinds())("GET /api/ranking (%s)", (kind) => {
  let t: TestApp;
  const cookies: Record<string, string> = {};

  const post = async (who: string, url: string, payload: object) => {
    const res = await t.app.inject({ method: "POST", url, headers: { cookie: cookies[who] }, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const sell = async (who: string, price: string, salePrice: string, fees = "0") => {
    const item = await post(who, "/api/inventory", { name: `item de ${who}`, price });
    await post(who, "/api/sales", { inventoryItemId: item.id, salePrice, fees, platform: "Vinted" });
  };
  const get = async (who: string, query = "") => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/ranking${query}`,
      headers: { cookie: cookies[who] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const names = (list: { username: string }[]) => list.map((r) => r.username);
  const hide = async (who: string, hidden: boolean) => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/ranking/visibility",
      headers: { cookie: cookies[who] },
      payload: { hidden },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ hidden });
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const username of ["ana", "bia", "carla", "duarte", "zeca"]) {
      await t.createUser({ username });
      cookies[username] = await t.login(username);
    }
    await t.createUser({ username: "chefe", role: "admin" });
    cookies.chefe = await t.login("chefe");
    await t.database.db
      .update(users)
      .set({ email: "ana@example.pt", fullName: "Ana Sousa" })
      .where(eq(users.username, "ana"));
  });
  afterAll(() => t.close());

  it("answers 401 without a session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/ranking" })).statusCode).toBe(401);
  });

  it("is empty before anyone sells", async () => {
    expect(await get("ana")).toEqual([]);
  });

  it("ranks sellers by profit, then revenue, then username, with exact figures and no email", async () => {
    // ana: profits 0.10 + 0.20 = 0.30 on revenue 0.60; one unsold item
    await sell("ana", "0.10", "0.20");
    await sell("ana", "0.10", "0.40", "0,10");
    await post("ana", "/api/inventory", { name: "por vender", price: "1" });
    // bia and carla tie with ana on profit 0.30; bia has more revenue, carla the same as ana
    await sell("bia", "1.00", "1.30");
    await sell("carla", "0.30", "0.60");
    // duarte leads with 100.01 on 3 sales
    await sell("duarte", "10", "43,34");
    await sell("duarte", "10", "43,33");
    await sell("duarte", "10", "53,34");
    // zeca sells nothing and is not listed

    const ranking = await get("zeca");
    expect(ranking.map((r: { username: string }) => r.username)).toEqual(["duarte", "bia", "ana", "carla"]);
    expect(ranking.map((r: { rank: number }) => r.rank)).toEqual([1, 2, 3, 4]);
    expect(ranking[0]).toMatchObject({
      totalRevenue: "140.01",
      totalProfit: "110.01",
      soldItems: 3,
      totalItems: 3,
      averageProfit: "36.67", // 110.01 ÷ 3
      profitMargin: "78.57", // 110.01 ÷ 140.01 × 100 = 78.5729…
    });
    expect(ranking[2]).toEqual({
      id: expect.any(Number),
      rank: 3,
      username: "ana",
      fullName: "Ana Sousa",
      avatar: null,
      totalRevenue: "0.60",
      totalProfit: "0.30",
      profitMargin: "50.00",
      soldItems: 2,
      totalItems: 3,
      averageProfit: "0.15",
      hidden: false,
    });
    expect(JSON.stringify(ranking)).not.toContain("example.pt");
    expect(JSON.stringify(ranking)).not.toMatch(/email|password/i);
  });

  it("drops a seller whose only sales are deleted", async () => {
    const list = await t.app.inject({ method: "GET", url: "/api/sales", headers: { cookie: cookies.carla } });
    for (const sale of list.json()) {
      await t.app.inject({
        method: "DELETE",
        url: `/api/sales/${sale.id}`,
        headers: { cookie: cookies.carla },
      });
    }
    const ranking = await get("ana");
    expect(ranking.map((r: { username: string }) => r.username)).toEqual(["duarte", "bia", "ana"]);
  });
  it("a user who hides themself leaves everyone's ranking but an admin's, where they are marked hidden", async () => {
    await hide("bia", true);
    // /api/user says so, for the switch
    const me = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: cookies.bia } });
    expect(me.json().hiddenFromRanking).toBe(true);

    for (const who of ["zeca", "bia"]) {
      const list = await get(who);
      expect(names(list), who).toEqual(["duarte", "ana"]);
      expect(list.map((r: { rank: number }) => r.rank)).toEqual([1, 2]);
      expect(list.every((r: { hidden: boolean }) => !r.hidden)).toBe(true);
    }
    const admin = await get("chefe");
    expect(names(admin)).toEqual(["duarte", "bia", "ana"]);
    expect(admin.map((r: { hidden: boolean }) => r.hidden)).toEqual([false, true, false]);
    expect(admin.map((r: { rank: number }) => r.rank)).toEqual([1, 2, 3]);

    await hide("bia", false);
    expect(names(await get("zeca"))).toEqual(["duarte", "bia", "ana"]);
  });

  it("refuses a visibility that is not true or false, and a request without a session", async () => {
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/ranking/visibility",
      headers: { cookie: cookies.ana },
      payload: { hidden: "sim" },
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: "PUT",
      url: "/api/ranking/visibility",
      payload: { hidden: true },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("counts only this month's or this year's sales and expenses when asked, all of them by default", async () => {
    // zeca sold long ago (a big profit) and spent long ago; this month he sells a little
    const old = await post("zeca", "/api/inventory", { name: "antigo", price: "10" });
    await post("zeca", "/api/sales", {
      inventoryItemId: old.id,
      salePrice: "1010",
      platform: "Vinted",
      saleDate: "2020-05-10",
    });
    await post("zeca", "/api/expenses", { spentOn: "2020-05-11", category: "packaging", amount: "500" });
    await sell("zeca", "1", "2");

    const all = await get("ana");
    expect(names(all)[0]).toBe("zeca");
    expect(all[0]).toMatchObject({ totalRevenue: "1012.00", totalProfit: "501.00", soldItems: 2 });
    expect(await get("ana", "?period=all")).toEqual(all);

    for (const period of ["month", "year"]) {
      const list = await get("ana", `?period=${period}`);
      // only this period's sale, and the old expense is not taken off it
      const zeca = list.find((r: { username: string }) => r.username === "zeca");
      expect(zeca, period).toMatchObject({ totalRevenue: "2.00", totalProfit: "1.00", soldItems: 1 });
      expect(names(list)[0], period).toBe("duarte");
    }
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/ranking?period=semana",
      headers: { cookie: cookies.ana },
    });
    expect(bad.statusCode).toBe(400);
  });
});
