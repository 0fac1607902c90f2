import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { openDatabase } from "../src/db/client.js";
import { loadConfig } from "../src/config.js";
import { createTestApp, PASSWORD, testConfig } from "./harness.js";

describe("HTTP frame (issue 13)", () => {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "sm-client-"));
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    fs.writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Stock Monitor</title>");
    const database = await openDatabase({ dataDir: null });
    app = await buildApp({ database, config: testConfig(), clientDir });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  it("9: HEAD / answers like GET / (monitors and proxies probe with HEAD)", async () => {
    expect((await app.inject({ method: "GET", url: "/" })).statusCode).toBe(200);
    const head = await app.inject({ method: "HEAD", url: "/" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toMatch(/text\/html/);
  });
});

describe("behind a TLS proxy (issue 13, item 7)", () => {
  it("with TRUST_PROXY, X-Forwarded-Proto https gives a Secure cookie and HSTS; without it, neither", async () => {
    for (const trusted of [true, false]) {
      const t = await createTestApp("pglite", {
        config: loadConfig({ NODE_ENV: "test", TRUST_PROXY: trusted ? "true" : "false" }),
      });
      await t.createUser({ username: "proxied" });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/login",
        headers: { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.5" },
        payload: { username: "proxied", password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === "sid")?.secure ?? false).toBe(trusted);
      expect(res.headers["strict-transport-security"] !== undefined).toBe(trusted);
      expect(t.app.server.requestTimeout).toBeGreaterThan(0);
      expect(t.app.server.headersTimeout).toBeLessThanOrEqual(20_000);
      await t.close();
    }
  });
});
