import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client.js";
import { rateLimitHits } from "../src/db/schema.js";
import { databaseRateLimitStore } from "../src/plugins/rate-limit-store.js";
import { createTestDatabase, dbKinds } from "./harness.js";

describe.each(dbKinds())("request-rate counts in the database (issue 13) (%s)", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  function storeAt(clock: { t: number }, method: string, url: string) {
    const Store = databaseRateLimitStore(database.db, () => clock.t);
    const route = new Store().child({ routeInfo: { method, url } });
    return (key: string, windowMs = 60_000) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        route.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs),
      );
  }

  it("counts per route and key within a window, then starts a new window", async () => {
    const clock = { t: Date.UTC(2026, 10, 23, 12) };
    const login = storeAt(clock, "POST", "/api/login");
    const preview = storeAt(clock, "POST", "/api/products/preview");
    expect(await login("203.0.113.1")).toEqual({ current: 1, ttl: 60_000 });
    clock.t += 10_000;
    expect(await login("203.0.113.1")).toEqual({ current: 2, ttl: 50_000 });
    // another route, another process: the same key is counted apart per route, together per process
    expect((await preview("203.0.113.1")).current).toBe(1);
    expect((await storeAt(clock, "POST", "/api/login")("203.0.113.1")).current).toBe(3);
    clock.t += 50_000;
    expect(await login("203.0.113.1")).toEqual({ current: 1, ttl: 60_000 });
  });

  it("windows over for an hour are deleted", async () => {
    const clock = { t: Date.UTC(2026, 10, 24, 12) };
    const hit = storeAt(clock, "POST", "/api/webhooks/test");
    await hit("antigo");
    const keys = async () => (await database.db.select().from(rateLimitHits)).map((r) => r.key);
    expect((await keys()).some((k) => k.endsWith("antigo"))).toBe(true);
    clock.t += 61 * 60 * 1000;
    await storeAt(clock, "POST", "/api/webhooks/test")("novo");
    expect((await keys()).some((k) => k.endsWith("antigo"))).toBe(false);
  });
});
