import type { ActivityDto } from "@common/schemas/activity.js";
import type { StatusStatistics } from "@common/schemas/statistics.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema.js";
import { hashPassword } from "../src/services/passwords.js";
import { createWorld, eventually, type World } from "./engine-support.js";
import { createTestApp, createTestDatabase, dbKinds, PASSWORD, type TestApp } from "./harness.js";

const SHOP = "https://nudeproject.com";

/**
 * The engine writes what happened as codes and parameters, and GET /api/activity and the Status
 * summary answer them: a check, a failed check, a sent alert and an alert that could not be sent.
 */
describe.each(dbKinds())("activity stored as codes (%s)", (kind) => {
  let w: World;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    w = await createWorld(database);
    t = await createTestApp(kind, { database });
    await database.db
      .update(users)
      .set({ username: "leitora", passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, w.userId));
    cookie = await t.login("leitora");
  });
  afterAll(async () => {
    await w.close();
    await t.close();
    await w.database.close();
  });

  const activity = async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/activity", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json() as ActivityDto[];
  };

  it("a check, a failed check, a sent alert and a failed alert are lines with a code and parameters", async () => {
    w.retailer.setProduct("hoodie-codes", { sizes: ["S", "M"], name: "Hoodie" });
    const hoodie = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/hoodie-codes`,
      name: "Hoodie",
    });
    // no such page at the shop: 404
    const gone = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/nao-existe`,
      name: "Fantasma",
    });
    await w.start();
    await w.webhook.waitForAccepted(1);

    let lines: ActivityDto[] = [];
    await eventually(async () => {
      lines = await activity();
      expect(lines.filter((l) => l.code !== "legacy").length).toBeGreaterThanOrEqual(3);
      expect(lines.some((l) => l.code === "alert_sent")).toBe(true);
      expect(lines.some((l) => l.code === "check_failed")).toBe(true);
    });
    const of = (productId: number, code: string) =>
      lines.find((l) => l.productId === productId && l.code === code);
    expect(of(hoodie, "check_status")).toMatchObject({
      action: "stock_check",
      params: { status: "in_stock", sizes: ["S", "M"] },
      message: "Em Stock · tamanhos: S, M",
    });
    expect(of(hoodie, "alert_sent")).toMatchObject({
      action: "notification_sent",
      params: { alert: "restock", sizes: ["S", "M"] },
    });
    expect(lines.find((l) => l.productId === gone && l.code === "check_failed")).toMatchObject({
      action: "stock_check_failed",
      type: "error",
      params: { reason: "not_found", httpStatus: 404 },
    });

    // the destination now refuses: the alert fails for good, with why
    w.webhook.setMode("404");
    w.retailer.setProduct("bone-codes", { sizes: ["U"], name: "Boné" });
    const cap = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/bone-codes`,
      name: "Boné",
    });
    await eventually(async () => {
      const failed = (await activity()).find((l) => l.productId === cap && l.code === "alert_failed");
      expect(failed).toMatchObject({
        action: "notification_failed",
        params: { alert: "restock", sizes: ["U"], failure: "http", httpStatus: 404 },
      });
    });

    const status = await t.app.inject({ method: "GET", url: "/api/status/statistics", headers: { cookie } });
    expect(status.statusCode).toBe(200);
    const recent = (status.json() as StatusStatistics).activitySummary.recent;
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.every((r) => r.code !== "legacy" && typeof r.params === "object")).toBe(true);
  }, 60_000);
});
