import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { openDatabase } from "../src/db/client.js";
import { migratedTemplate } from "./pglite-template.js";
import { loadConfig } from "../src/config.js";
import { createTestApp, PASSWORD, testConfig } from "./harness.js";

describe("HTTP frame (issue 13)", () => {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "sm-client-"));
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    fs.writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Stock Monitor</title>");
    fs.mkdirSync(path.join(clientDir, "assets"));
    fs.writeFileSync(path.join(clientDir, "assets", "index-8stk11AO.js"), "console.log(1)");
    fs.writeFileSync(path.join(clientDir, "theme-init.js"), "console.log(2)");
    const database = await openDatabase({ dataDir: null, pgliteTemplate: await migratedTemplate() });
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

  it("the built files, named by their content, are kept by the browser; the page and the unhashed files are asked again", async () => {
    const built = await app.inject({ method: "GET", url: "/assets/index-8stk11AO.js" });
    expect(built.statusCode).toBe(200);
    expect(built.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    for (const url of ["/", "/theme-init.js", "/inventory"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("public, max-age=0");
    }
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
  }, 90_000); // two embedded databases started one after the other: ~29 s on a loaded 2-core machine
});

describe("slow clients are cut off (issue 13, item 7)", () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  let port: number;
  beforeAll(async () => {
    const database = await openDatabase({ dataDir: null, pgliteTemplate: await migratedTemplate() });
    const config = loadConfig({
      NODE_ENV: "test",
      HTTP_REQUEST_TIMEOUT_MS: "1500",
      HTTP_HEADERS_TIMEOUT_MS: "800",
    });
    app = await buildApp({ database, config });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as import("node:net").AddressInfo).port;
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(() => close());

  /** writes `head` at once, then `trickle` one byte every 200 ms; resolves when the server hangs up */
  function trickle(head: string, drip: string): Promise<{ ms: number; answer: string }> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      let answer = "";
      const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
      let i = 0;
      const timer = setInterval(() => {
        if (!socket.destroyed && !socket.writableEnded) socket.write(drip[i++ % drip.length]);
      }, 200);
      socket.on("data", (d) => {
        answer += d.toString();
      });
      socket.on("error", () => {});
      socket.on("close", () => {
        clearInterval(timer);
        resolve({ ms: Date.now() - started, answer });
      });
      setTimeout(() => {
        clearInterval(timer);
        socket.destroy();
        reject(new Error("the server kept a trickling connection open for 15 s"));
      }, 15_000);
    });
  }

  it("a client trickling its headers is answered 408 and closed after the headers timeout", async () => {
    const { ms, answer } = await trickle("GET /api/health HTTP/1.1\r\nHost: x\r\n", "X-Slow: aaaa\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeGreaterThanOrEqual(700);
    expect(ms).toBeLessThan(6_000);
  });

  it("a client trickling its body is answered 408 and closed after the request timeout", async () => {
    const head =
      "POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n";
    const { ms, answer } = await trickle(head, '{"a":1}');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeGreaterThanOrEqual(1_400);
    expect(ms).toBeLessThan(8_000);
  });

  it("a normal request on the same server is answered", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBeLessThan(600);
    await res.body?.cancel();
  });
});
