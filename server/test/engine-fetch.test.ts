import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeRetailer } from "../../tools/fake-retailer.js";
import { EngineHttp } from "../src/engine/fetch/http-client.js";
import { HostLimiter } from "../src/engine/fetch/host-limiter.js";
import { CheckFailure } from "../src/engine/platforms/types.js";
import { eventually } from "./harness.js";

/** a tiny HTTP CONNECT proxy that counts the tunnels it opens */
async function startProxy(): Promise<{ url: string; tunnels: number; close(): Promise<void> }> {
  const state = { tunnels: 0 };
  const server = net.createServer((client) => {
    client.once("data", (head) => {
      const match = /^CONNECT ([^:\s]+):(\d+)/.exec(head.toString());
      if (!match) return client.destroy();
      state.tunnels++;
      const upstream = net.connect(Number(match[2]), match[1], () => {
        client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on("error", () => client.destroy());
      client.on("error", () => upstream.destroy());
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get tunnels() {
      return state.tunnels;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function failureOf(promise: Promise<unknown>): Promise<CheckFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CheckFailure) return error;
    throw error;
  }
  throw new Error("esperava uma CheckFailure");
}

describe("engine fetch layer", () => {
  const retailer = new FakeRetailer();
  let redirects: Map<string, string>;
  let http: EngineHttp;

  beforeAll(async () => {
    const origin = await retailer.listen();
    redirects = new Map([["https://shop.example.com", origin]]);
    http = new EngineHttp({ redirects, backoff: { initialMs: 300, maxMs: 1200 }, defaultTimeoutMs: 2000 });
    retailer.setProduct("hoodie", { sizes: ["M"] });
  });
  afterAll(async () => {
    await http.close();
    await retailer.close();
  });

  it("rewrites MONITOR_REDIRECT origins keeping path and query, with browser headers", async () => {
    const res = await http.request({ url: "https://shop.example.com/echo?a=1&b=2", profile: "api" });
    const echoed = JSON.parse(res.body) as { url: string; headers: Record<string, string> };
    expect(echoed.url).toBe("/echo?a=1&b=2");
    expect(echoed.headers["accept-language"]).toMatch(/^pt-PT/);
    expect(echoed.headers["user-agent"]).toMatch(/Chrome/);
    expect(echoed.headers["sec-ch-ua"]).toBeTruthy();
    expect(res.url).toBe("https://shop.example.com/echo?a=1&b=2");
  });

  it("refuses private addresses without making a request (literal and through DNS)", async () => {
    const guarded = new EngineHttp({ resolve: async () => ["127.0.0.1"] });
    retailer.resetStats();
    const literal = await failureOf(guarded.request({ url: `${retailer.origin}/products/hoodie.js` }));
    expect(literal.reason).toBe("network");
    expect(literal.message).toMatch(/recusado/);
    const named = await failureOf(
      guarded.request({ url: "https://loja-interna.example.com/products/hoodie.js" }),
    );
    expect(named.message).toMatch(/privado ou local/);
    expect(retailer.requests).toBe(0);
    await guarded.close();
  });

  it("follows redirects by hand and re-checks every hop", async () => {
    const res = await http.request({ url: "https://shop.example.com/redirect?to=/products/hoodie.js" });
    expect(res.status).toBe(200);
    expect(res.url).toBe("https://shop.example.com/products/hoodie.js");
    retailer.resetStats();
    const hop = await failureOf(
      http.request({
        url: `https://shop.example.com/redirect?to=${encodeURIComponent("http://127.0.0.1:9/x")}`,
      }),
    );
    expect(hop.message).toMatch(/recusado/);
    expect(retailer.requests).toBe(1);
  });

  it("keeps a cookie jar per host and forgets it on resetCookies", async () => {
    const client = http.forPlatform("vinted", "api");
    await client.request({ url: "https://shop.example.com/" });
    const withCookie = JSON.parse((await client.request({ url: "https://shop.example.com/echo" })).body);
    expect(withCookie.headers.cookie).toMatch(/^access_token_web=/);
    client.resetCookies("shop.example.com");
    const without = JSON.parse((await client.request({ url: "https://shop.example.com/echo" })).body);
    expect(without.headers.cookie).toBeUndefined();
  });

  it("backs a host off after a 403: later checks fail fast without a request, then it recovers", async () => {
    const origin = retailer.origin;
    const local = new EngineHttp({
      redirects: new Map([["https://blocky.example.com", origin]]),
      backoff: { initialMs: 400, maxMs: 1600 },
    });
    retailer.setProduct("walled", { sizes: ["M"], block: "403" });
    retailer.resetStats();
    const first = await local.request({ url: "https://blocky.example.com/products/walled.js" });
    expect(first.status).toBe(403);
    const fast = await failureOf(local.request({ url: "https://blocky.example.com/products/walled.js" }));
    expect(fast.reason).toBe("blocked");
    expect(fast.host).toBe("blocky.example.com");
    expect(fast.wall).toBeUndefined(); // a bare 403: no wall to name
    // a wall the adapter read on that page goes with the checks the pause keeps from being sent
    local.limiter.reportBlocked("blocky.example.com", "Akamai");
    const named = await failureOf(local.request({ url: "https://blocky.example.com/products/walled.js" }));
    expect(named).toMatchObject({ reason: "blocked", wall: "Akamai" });
    expect(named.message).toMatch(/^Site em pausa após bloqueio \(Akamai, mais \d+ s\)$/);
    expect(retailer.requests).toBe(1);
    expect(local.limiter.blockedFor("blocky.example.com")).toBeGreaterThan(0);
    // the back-off (400 ms) is time itself: waited for until it ends, no longer
    await eventually(() => expect(local.limiter.blockedFor("blocky.example.com")).toBe(0), 5_000, 20);
    retailer.setProduct("walled", { block: "off" });
    const again = await local.request({ url: "https://blocky.example.com/products/walled.js" });
    expect(again.status).toBe(200);
    expect(retailer.requests).toBe(2);
    await local.close();
  });

  it("doubles the back-off on repeated blocks up to the cap and halves it after successes", () => {
    let clock = 0;
    const limiter = new HostLimiter({ initialMs: 10_000, maxMs: 40_000 }, () => clock);
    expect(limiter.reportBlocked("a")).toBe(10_000);
    // blocks while backed off do not double again
    expect(limiter.reportBlocked("a")).toBe(10_000);
    expect(limiter.blockedFor("a")).toBe(10_000);
    clock += 10_000;
    expect(limiter.blockedFor("a")).toBe(0);
    expect(limiter.reportBlocked("a")).toBe(20_000);
    clock += 20_000;
    expect(limiter.reportBlocked("a")).toBe(40_000);
    clock += 40_000;
    expect(limiter.reportBlocked("a")).toBe(40_000);
    clock += 40_000;
    limiter.reportSuccess("a");
    limiter.reportSuccess("a");
    expect(limiter.reportBlocked("a")).toBe(20_000);
    clock += 20_000;
    limiter.reportSuccess("a");
    limiter.reportSuccess("a");
    expect(limiter.reportBlocked("a")).toBe(10_000);
    expect(limiter.blockedFor("b")).toBe(0);
  });

  it("keeps the wall a block named for as long as its back-off lasts", () => {
    let clock = 0;
    const limiter = new HostLimiter({ initialMs: 10_000, maxMs: 40_000 }, () => clock);
    // the HTTP client reports the 403 first; the adapter then reads Cloudflare's page
    limiter.reportBlocked("a");
    expect(limiter.wallOf("a")).toBeUndefined();
    limiter.reportBlocked("a", "Cloudflare");
    expect(limiter.wallOf("a")).toBe("Cloudflare");
    expect(limiter.blockedFor("a")).toBe(10_000); // named, not doubled
    clock += 10_000;
    // a success halves the back-off to nothing: the episode, and its wall, are over
    limiter.reportSuccess("a");
    expect(limiter.wallOf("a")).toBeUndefined();
    expect(limiter.wallOf("b")).toBeUndefined();
  });

  it("tells the operator once when a host starts or doubles its back-off and once when it is over", () => {
    let clock = 0;
    const limiter = new HostLimiter({ initialMs: 10_000, maxMs: 40_000 }, () => clock);
    const events: [string, number][] = [];
    limiter.onBackoff = (host, ms) => events.push([host, ms]);
    limiter.reportBlocked("a");
    limiter.reportBlocked("a");
    limiter.reportBlocked("a");
    expect(events).toEqual([["a", 10_000]]);
    clock += 10_000;
    limiter.reportBlocked("a");
    limiter.reportSuccess("a");
    expect(events).toEqual([
      ["a", 10_000],
      ["a", 20_000],
    ]);
    limiter.reportSuccess("a");
    limiter.reportSuccess("a");
    expect(events.at(-1)).toEqual(["a", 0]);
    expect(events).toHaveLength(3);
  });

  it("a host that does not answer in time is a timeout failure", async () => {
    retailer.setProduct("slow", { sizes: ["M"], block: "timeout" });
    const failure = await failureOf(
      http.request({ url: "https://shop.example.com/products/slow.js", timeoutMs: 300 }),
    );
    expect(failure.reason).toBe("timeout");
  });

  it("rotates MONITOR_PROXIES per request", async () => {
    const p1 = await startProxy();
    const p2 = await startProxy();
    const proxied = new EngineHttp({ redirects, proxies: [p1.url, p2.url] });
    for (let i = 0; i < 4; i++) {
      const res = await proxied.request({ url: "https://shop.example.com/products/hoodie.js" });
      expect(res.status).toBe(200);
    }
    expect(p1.tunnels).toBeGreaterThanOrEqual(1);
    expect(p2.tunnels).toBeGreaterThanOrEqual(1);
    await proxied.close();
    await p1.close();
    await p2.close();
  });
});
