import { describe, expect, it } from "vitest";
import { assertAnswered, detectChallenge, parseJson } from "./blocks";
import { firstAnswer } from "./check-routes";
import { fixture } from "../testing/local-retailer";
import { CheckFailure, type HttpResponse } from "../types";

const res = (status: number, body: string): HttpResponse => ({
  status,
  body,
  headers: {},
  url: "https://www.zara.com/x",
});

describe("block detection", () => {
  it.each([
    ["zara", "blocked-akamai.html", "Akamai"],
    ["zara", "blocked-interstitial.html", "Akamai"],
    ["nudeproject", "blocked-cloudflare.html", "Cloudflare"],
    ["worten", "blocked-cloudflare.html", "Cloudflare"],
    ["vinted", "blocked-cloudflare-1020.html", "Cloudflare"],
    ["fnac", "blocked-datadome.html", "DataDome"],
    ["anystore", "blocked-perimeterx.html", "PerimeterX"],
    ["fnac", "blocked-restrito.html", "Fnac WAF"],
    ["aliexpress", "blocked-slider.html", "AliExpress"],
    ["aliexpress", "mtop-user-validate.jsonp", "AliExpress"],
  ])("%s/%s is a %s challenge", (platform, name, protection) => {
    expect(detectChallenge(fixture(platform, name))).toBe(protection);
  });

  it.each([
    ["zara", "page-in-stock.html"],
    ["hm", "page.html"],
    ["fnac", "page-old-in-stock.html"],
    ["worten", "page-in-stock.html"],
    ["havaianas", "page.html"],
    ["aliexpress", "page-legacy.html"],
  ])("%s/%s is a normal page", (platform, name) => {
    expect(detectChallenge(fixture(platform, name))).toBeNull();
  });

  it("maps statuses: 401/403/429 blocked with the host, 404 not_found, 5xx unexpected", () => {
    for (const status of [401, 403, 429]) {
      expect(() => assertAnswered(res(status, "{}"), "https://www.zara.com/x")).toThrow(
        expect.objectContaining({ reason: "blocked", host: "www.zara.com" }),
      );
    }
    expect(() => assertAnswered(res(404, ""), "u")).toThrow(expect.objectContaining({ reason: "not_found" }));
    expect(() => assertAnswered(res(410, ""), "u")).toThrow(expect.objectContaining({ reason: "not_found" }));
    expect(() => assertAnswered(res(503, "oops"), "u")).toThrow(
      expect.objectContaining({ reason: "unexpected" }),
    );
    expect(() => assertAnswered(res(200, fixture("fnac", "blocked-datadome.html")), "u")).toThrow(
      expect.objectContaining({ reason: "blocked" }),
    );
    expect(() => assertAnswered(res(200, "{}"), "u")).not.toThrow();
  });

  it.each([
    [403, "nudeproject", "blocked-cloudflare.html", "Cloudflare"],
    [403, "zara", "blocked-akamai.html", "Akamai"],
    [403, "fnac", "blocked-datadome.html", "DataDome"],
    [403, "anystore", "blocked-perimeterx.html", "PerimeterX"],
    [429, "vinted", "blocked-cloudflare-1020.html", "Cloudflare"],
  ])("a %i answer that shows its wall names it (%s/%s: %s)", (status, platform, name, wall) => {
    expect(() => assertAnswered(res(status, fixture(platform, name)), "https://www.zara.com/x")).toThrow(
      expect.objectContaining({
        reason: "blocked",
        host: "www.zara.com",
        message: `Página de verificação anti-bot (${wall})`,
      }),
    );
  });

  it("a 403 that does not show its wall says the status", () => {
    expect(() => assertAnswered(res(403, "<html><body>Forbidden</body></html>"), "u")).toThrow(
      expect.objectContaining({ reason: "blocked", message: "Bloqueado pelo site (HTTP 403)" }),
    );
  });

  it("HTML or garbage where JSON was expected is a failed check", () => {
    expect(() => parseJson("<html><body>Olá</body></html>")).toThrow(
      expect.objectContaining({ reason: "unexpected" }),
    );
    expect(() => parseJson(fixture("nudeproject", "blocked-cloudflare.html"))).toThrow(
      expect.objectContaining({ reason: "blocked" }),
    );
    expect(() => parseJson('{"a":')).toThrow(expect.objectContaining({ reason: "unexpected" }));
    expect(parseJson(' {"a":1} ')).toEqual({ a: 1 });
  });
});

describe("firstAnswer", () => {
  const fail = (reason: CheckFailure["reason"]) => async () => {
    throw new CheckFailure(reason, reason);
  };

  it("moves on after an odd answer and records which route answered", async () => {
    const answer = await firstAnswer([
      { name: "a", run: fail("unexpected") },
      { name: "b", run: async () => 42 },
    ]);
    expect(answer).toEqual({ value: 42, source: "b" });
  });

  it("stops at a block: the next route hits the same host", async () => {
    let secondRan = false;
    await expect(
      firstAnswer([
        { name: "a", run: fail("blocked") },
        {
          name: "b",
          run: async () => {
            secondRan = true;
            return 1;
          },
        },
      ]),
    ).rejects.toMatchObject({ reason: "blocked" });
    expect(secondRan).toBe(false);
  });

  it("says not_found only when every route did", async () => {
    await expect(
      firstAnswer([
        { name: "a", run: fail("not_found") },
        { name: "b", run: fail("not_found") },
      ]),
    ).rejects.toMatchObject({
      reason: "not_found",
    });
    await expect(
      firstAnswer([
        { name: "a", run: fail("unexpected") },
        { name: "b", run: fail("not_found") },
      ]),
    ).rejects.toMatchObject({
      reason: "unexpected",
    });
  });
});

describe("detectChallenge on JSON answers", () => {
  it("finds the short JSON challenges (DataDome's redirect, AliExpress's punish)", () => {
    expect(detectChallenge('{"url":"https://geo.captcha-delivery.com/captcha/?initialCid=x"}')).toBe(
      "DataDome",
    );
    expect(detectChallenge(' {"ret":["FAIL_SYS_USER_VALIDATE::哎哟喂,被挤爆啦"],"data":{}}')).toBe(
      "AliExpress",
    );
  });

  it("reads only the head of a long JSON answer, whose text may quote anything", () => {
    const description = "Algodão orgânico. ".repeat(3000);
    const product = JSON.stringify({ title: "Hoodie", description, note: "bm-verify" });
    expect(detectChallenge(product)).toBeNull();
    // the same words in an HTML page of that size are still a challenge
    expect(detectChallenge(`<html><body>${description}<script src="/_sec/verify"></script>`)).toBe("Akamai");
  });
});
