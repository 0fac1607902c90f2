import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { createTestApp, PASSWORD, type TestApp } from "./harness.js";

/** LOGIN_RATE_LIMIT: sign-ins one address may send a minute (20 unless set) */
describe("the per-address sign-in limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", { config: { loginRateLimit: 3 } });
    await t.createUser({ username: "partilhada" });
  });
  afterAll(() => t.close());

  const signIn = () =>
    t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "partilhada", password: PASSWORD },
      remoteAddress: "198.51.100.20",
    });

  it("answers 429 once an address passed the configured count, and only that address", async () => {
    for (let i = 0; i < 3; i++) expect((await signIn()).statusCode).toBe(200);
    const refused = await signIn();
    expect(refused.statusCode).toBe(429);
    const elsewhere = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "partilhada", password: PASSWORD },
      remoteAddress: "198.51.100.21",
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("is 20 unless LOGIN_RATE_LIMIT says otherwise, and refuses a value that is not a count", () => {
    expect(loadConfig({ NODE_ENV: "test" }).loginRateLimit).toBe(20);
    expect(loadConfig({ NODE_ENV: "test", LOGIN_RATE_LIMIT: "600" }).loginRateLimit).toBe(600);
    expect(() => loadConfig({ NODE_ENV: "test", LOGIN_RATE_LIMIT: "0" })).toThrow(/LOGIN_RATE_LIMIT/);
  });
});
