import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./harness.js";
import { recordingEngine } from "./product-fixtures.js";
import { createFixture, type Fixture, ROUTES } from "./route-cases.js";

/**
 * Hostile input never produces a 5xx, and a 4xx never changes data. Every route with a body is
 * sent its valid body with one field replaced by a hostile value, or a wholly random value;
 * every query route gets hostile query strings.
 */
const hostile = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.constantFrom(
    "x".repeat(100_000),
    "'; DROP TABLE users; --",
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "NaN",
    "Infinity",
    "-1",
    "-0.001",
    "1e309",
    "99999999999999999999",
    "0x10",
    "١٢٣",
    "\u0000",
    "💸💸",
    "../../etc/passwd",
    "data:text/html;base64,PHNjcmlwdD4=",
    "javascript:alert(1)",
    "http://127.0.0.1/",
    "https://169.254.169.254/latest",
  ),
  fc.constantFrom(null, true, false, 0, -1, 1.5, Number.MAX_SAFE_INTEGER, -1e21, [], {}, [1, "a"]),
  fc.constantFrom({ __proto__: { isAdmin: true } }, { constructor: { prototype: { role: "admin" } } }),
  fc.double(),
  fc.integer(),
  fc.object({ maxDepth: 2 }),
);

const bodyMutation = (valid: Record<string, unknown>) =>
  fc.oneof(
    fc
      .record({
        key: fc.constantFrom(...Object.keys(valid), "__proto__", "constructor", "role"),
        value: hostile,
      })
      .map(({ key, value }) => {
        const copy: Record<string, unknown> = { ...valid };
        Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
        return copy;
      }),
    hostile,
  );

async function dataDigest(t: TestApp): Promise<string> {
  const tables = [
    "users",
    "products",
    "inventory_items",
    "sales",
    "activity_logs",
    "financial_metrics",
    "app_settings",
    "user_settings",
    "notifications",
  ];
  const parts: string[] = [];
  for (const table of tables) {
    const res = await t.database.db.execute(
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d from ${table} t`),
    );
    const rows = (res as unknown as { rows: { d: string }[] }).rows;
    parts.push(rows[0].d);
  }
  return parts.join(",");
}

describe("fuzzed requests (pglite)", () => {
  let t: TestApp;
  let owner: string;
  let admin: string;
  let fixture: Fixture;

  beforeAll(async () => {
    t = await createTestApp("pglite", { engine: recordingEngine() });
    const ownerId = await t.createUser({ username: "dono", monitorLimit: 100 });
    const otherId = await t.createUser({ username: "outro", monitorLimit: 100 });
    await t.createUser({ username: "chefe", role: "admin", monitorLimit: 100 });
    owner = await t.login("dono");
    admin = await t.login("chefe");
    fixture = await createFixture(t, owner, ownerId, otherId);
  });
  afterAll(() => t.close());

  const withBody = Object.entries(ROUTES).filter(([route, spec]) => spec.body && route !== "POST /api/login");

  for (const [route, spec] of withBody) {
    it(`${route}: no 5xx, and a refused request changes nothing`, async () => {
      const [method, pattern] = route.split(" ");
      const url = spec.path ? spec.path(fixture) : pattern;
      const cookie = route.includes("/admin/") ? admin : owner;
      const valid = spec.body!(fixture) as Record<string, unknown>;
      await fc.assert(
        fc.asyncProperty(bodyMutation(valid), async (body) => {
          const before = await dataDigest(t);
          const res = await t.app.inject({
            method: method as "POST",
            url,
            headers: { cookie, "content-type": "application/json" },
            payload: JSON.stringify(body) ?? "null",
          });
          expect(res.statusCode, res.body).toBeLessThan(500);
          expect(() => JSON.parse(res.body)).not.toThrow();
          if (res.statusCode >= 400) {
            expect(res.json().message).toEqual(expect.any(String));
            expect(await dataDigest(t)).toBe(before);
          }
        }),
        { numRuns: 25 },
      );
    });
  }

  it("POST /api/login: hostile credentials never produce a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(bodyMutation({ username: "dono", password: "x" }), async (body) => {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/login",
          headers: { "content-type": "application/json" },
          payload: JSON.stringify(body) ?? "null",
          remoteAddress: `10.9.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`,
        });
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });

  it("hostile path ids and query strings never produce a 5xx", async () => {
    const idRoutes = Object.keys(ROUTES).filter((r) => r.includes(":id"));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...idRoutes),
        fc.oneof(
          fc.string({ maxLength: 30 }),
          fc.constantFrom("-1", "0", "1e9", "99999999999999999999", "NaN", "%00"),
        ),
        fc.string({ maxLength: 40 }),
        async (route, id, query) => {
          const [method, pattern] = route.split(" ");
          const res = await t.app.inject({
            method: method as "GET",
            url: `${pattern.replace(":id", encodeURIComponent(id))}?${encodeURIComponent(query)}=${encodeURIComponent(query)}`,
            headers: { cookie: owner },
            ...(method === "PUT" ? { payload: {} } : {}),
          });
          expect(res.statusCode, `${route} ${id}: ${res.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
    for (const type of ["stock_check", "notification", "error", "system", "<b>", "' or 1=1"]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/activity?type=${encodeURIComponent(type)}&limit=abc`,
        headers: { cookie: owner },
      });
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});
