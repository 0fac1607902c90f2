import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { recordingEngine } from "./product-fixtures.js";
import { createFixture, type Fixture, ROUTES, type Who } from "./route-cases.js";

/**
 * Every API route × {anonymous, owner, another user, admin}. The table must name every route the
 * app registers: a new route that is not added here fails the first test.
 * "owner" is the user who owns the resource in the path; "other" is another plain user.
 * The routes are split in two halves, each a file of its own (authorization-matrix-{1,2}.test.ts),
 * so the two test workers share them: in one file they were the suite's longest (221 s).
 */
export function authorizationMatrix(half: 0 | 1) {
  describe.each(dbKinds())(`authorization matrix, half ${half + 1} (%s)`, (kind) => {
    let t: TestApp;
    const cookies: Partial<Record<Who, string>> = {};
    let ownerId: number;
    let otherId: number;

    beforeAll(async () => {
      t = await createTestApp(kind, { engine: recordingEngine() });
      ownerId = await t.createUser({ username: "dono", monitorLimit: 100 });
      otherId = await t.createUser({ username: "outro", monitorLimit: 100 });
      await t.createUser({ username: "chefe", role: "admin", monitorLimit: 100 });
      // each case writes the owner's inventory about a dozen times: the per-minute allowance of a
      // real reseller would refuse the fixtures of the later cases, not the requests under test
      const admin = await t.login("chefe");
      const raised = await t.app.inject({
        method: "PUT",
        url: "/api/settings",
        headers: { cookie: admin },
        payload: { global: { inventoryWritesPerMinute: 10_000 } },
      });
      expect(raised.statusCode, raised.body).toBe(200);
    });
    afterAll(() => t.close());

    const USERNAMES = { owner: "dono", other: "outro", admin: "chefe" } as const;

    /**
     * A live session for each role: the one kept from the last case while it still answers, a new
     * login when a case ended it (logout, a password change, "end the others"). A login per role per
     * case was 12 scrypt hashes a route and most of this file's 200 s.
     */
    async function liveSession(who: keyof typeof USERNAMES): Promise<string> {
      const kept = cookies[who];
      if (kept) {
        const me = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: kept } });
        if (me.statusCode === 200) return kept;
      }
      return t.login(USERNAMES[who]);
    }

    /** live sessions and a fresh product, item and sale of the owner for each case */
    async function freshFixture(): Promise<Fixture> {
      cookies.owner = await liveSession("owner");
      cookies.other = await liveSession("other");
      cookies.admin = await liveSession("admin");
      return createFixture(t, cookies.owner, ownerId, otherId);
    }

    if (half === 0) {
      it("names every route the app registers", () => {
        expect(Object.keys(ROUTES).sort()).toEqual([...t.app.routeTable].sort());
      });
    }

    for (const [route, spec] of Object.entries(ROUTES).filter((_, i) => i % 2 === half)) {
      it(`${route}`, async () => {
        const [method, pattern] = route.split(" ");
        // a refused request (4xx) must change nothing, so the next role meets the same fixture; one
        // that went through may have used it up (deleted, sold, ended a session): a fresh one follows.
        // A refusal that did change something shows as the next role's unexpected answer.
        let fixture: Fixture | null = null;
        for (const who of ["anonymous", "other", "admin", "owner"] as Who[]) {
          fixture ??= await freshFixture();
          const f = fixture;
          const url = spec.path ? spec.path(f) : pattern;
          if (spec.stream) {
            // the answer never ends: its status comes with the headers, then the client leaves
            const res = await t.app.inject({
              method: method as "GET",
              url,
              headers: who === "anonymous" ? {} : { cookie: cookies[who]! },
              payloadAsStream: true,
            });
            res.raw.res.destroy();
            expect(res.statusCode, `${route} as ${who}`).toBe(spec.expect[who]);
            if (res.statusCode < 400) fixture = null;
            continue;
          }
          const res = await t.app.inject({
            method: method as "GET",
            url,
            headers: who === "anonymous" ? {} : { cookie: cookies[who]! },
            ...(spec.body ? { payload: spec.body(f) } : {}),
          });
          if (res.statusCode < 400) fixture = null;
          const expected = spec.expect[who];
          if (expected === -4) {
            expect(res.statusCode, `${route} as ${who}: ${res.body}`).toBeGreaterThanOrEqual(400);
            expect(res.statusCode, `${route} as ${who}: ${res.body}`).toBeLessThan(500);
            expect([401, 403]).not.toContain(res.statusCode);
          } else {
            expect(res.statusCode, `${route} as ${who}: ${res.body}`).toBe(expected);
          }
        }
      });
    }
  });
}
