import { afterEach, describe, expect, it } from "vitest";
import {
  fixture,
  html,
  json,
  type LocalRetailer,
  productCtx,
  type Reply,
  startRetailer,
} from "./testing/local-retailer";
import { checkVinted, parseVintedUser, parseVintedWardrobe, vinted } from "./vinted";

const read = (name: string) => fixture("vinted", name);
const PROFILE = "https://www.vinted.pt/member/12345678-utilizador";
const ORIGIN = "https://www.vinted.pt";

describe("vinted parsers", () => {
  it("keeps only visible, buyable items with their details", () => {
    const items = parseVintedWardrobe(JSON.parse(read("wardrobe.json")), ORIGIN);
    expect(items.map((i) => i.title)).toEqual(["Casaco de ganga", "Ténis brancos", "Top de alças"]);
    expect(items[0]).toEqual({
      id: "4000000001",
      title: "Casaco de ganga",
      price: "12.50",
      currency: "EUR",
      url: "https://www.vinted.pt/items/4000000001-casaco-de-ganga",
      imageUrl: "https://images1.vinted.net/t/01_1_a/f800/17670001.jpeg",
      size: "M",
      brand: "Zara",
    });
    // relative item URL made absolute, no photo → no imageUrl
    expect(items[2]).toMatchObject({
      url: "https://www.vinted.pt/items/4000000007-top-de-alcas",
      price: "5.00",
    });
    expect(items[2].imageUrl).toBeUndefined();
  });

  it("reads the holiday flag", () => {
    expect(parseVintedUser(JSON.parse(read("user-active.json")))).toMatchObject({
      onHoliday: false,
      name: "utilizador",
    });
    expect(parseVintedUser(JSON.parse(read("user-holiday.json"))).onHoliday).toBe(true);
  });

  it("bodies without the expected fields are failed checks", () => {
    expect(() => parseVintedUser(JSON.parse(read("user-malformed.json")))).toThrow(
      expect.objectContaining({ reason: "unexpected" }),
    );
    expect(() => parseVintedWardrobe(JSON.parse(read("wardrobe-malformed.json")), ORIGIN)).toThrow(/items/);
  });

  it("reads the member id", () => {
    expect(vinted.idFromUrl(PROFILE)).toBe("12345678");
    expect(vinted.idFromUrl("https://www.vinted.pt/items/1-x")).toBeNull();
  });
});

/** a Vinted that issues a session cookie on the home page and demands it on the API */
function vintedSite(
  opts: { user?: string; wardrobe?: string; expireFirstToken?: boolean; neverAccept?: boolean } = {},
) {
  let issued = 0;
  const valid = new Set<string>();
  return (req: { path: string; headers: Record<string, string> }): Reply | undefined => {
    if (req.path === "/") {
      issued++;
      const token = `jwt-${issued}`;
      if (!(opts.expireFirstToken && issued === 1) && !opts.neverAccept) valid.add(token);
      return {
        status: 200,
        headers: {
          "content-type": "text/html",
          "set-cookie": [
            `access_token_web=${token}; Path=/; HttpOnly`,
            `refresh_token_web=r-${issued}; Path=/`,
          ],
        },
        body: read("home.html"),
      };
    }
    const token = /access_token_web=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
    if (!token || !valid.has(token)) return json(read("error-401.json"), 401);
    if (req.path === "/api/v2/users/12345678") return json(read(opts.user ?? "user-active.json"));
    if (req.path.startsWith("/api/v2/wardrobe/12345678/items?"))
      return json(read(opts.wardrobe ?? "wardrobe.json"));
    return undefined;
  };
}

describe("vinted check() over HTTP", () => {
  let retailer: LocalRetailer;
  afterEach(() => retailer?.close());

  it("bootstraps the session on the home page, then reads profile and wardrobe", async () => {
    retailer = await startRetailer(vintedSite());
    const result = await checkVinted(productCtx(retailer.client, PROFILE, { config: { maxItems: 2 } }));
    expect(result).toMatchObject({
      kind: "profile",
      status: "vinted_active",
      name: "utilizador",
      source: "api-v2",
    });
    expect(result.items.map((i) => i.id)).toEqual(["4000000001", "4000000002"]);
    expect(retailer.seen.map((r) => r.path)).toEqual([
      "/",
      "/api/v2/users/12345678",
      "/api/v2/wardrobe/12345678/items?page=1&per_page=96&order=newest_first",
    ]);
    expect(retailer.seen[1].headers.cookie).toContain("access_token_web=jwt-1");
    expect(retailer.seen[1].headers.accept).toContain("application/json");
  });

  it("on 401 resets the cookies, bootstraps again once and retries", async () => {
    retailer = await startRetailer(vintedSite({ expireFirstToken: true }));
    const result = await checkVinted(productCtx(retailer.client, PROFILE));
    expect(result.status).toBe("vinted_active");
    expect(retailer.seen.map((r) => r.path)).toEqual([
      "/",
      "/api/v2/users/12345678",
      "/",
      "/api/v2/users/12345678",
      "/api/v2/wardrobe/12345678/items?page=1&per_page=96&order=newest_first",
    ]);
    // the old token was dropped with the jar, not sent alongside the new one
    expect(retailer.seen[2].headers.cookie).toBeUndefined();
    expect(retailer.seen[3].headers.cookie).toContain("access_token_web=jwt-2");
  });

  it("a second 401 after the renewal is a block, not an empty wardrobe", async () => {
    retailer = await startRetailer(vintedSite({ neverAccept: true }));
    await expect(checkVinted(productCtx(retailer.client, PROFILE))).rejects.toMatchObject({
      reason: "blocked",
      host: "www.vinted.pt",
    });
    expect(retailer.seen.filter((r) => r.path === "/")).toHaveLength(2);
  });

  it("a member on holiday is vinted_vacation even with an empty wardrobe", async () => {
    retailer = await startRetailer(
      vintedSite({ user: "user-holiday.json", wardrobe: "wardrobe-holiday.json" }),
    );
    const result = await checkVinted(productCtx(retailer.client, PROFILE));
    expect(result).toMatchObject({ status: "vinted_vacation", items: [] });
  });

  it("a Cloudflare 1020 page is a block", async () => {
    retailer = await startRetailer(() => html(read("blocked-cloudflare-1020.html"), 403));
    await expect(checkVinted(productCtx(retailer.client, PROFILE))).rejects.toMatchObject({
      reason: "blocked",
    });
  });

  it("a deleted member is not_found", async () => {
    const site = vintedSite();
    retailer = await startRetailer((req) =>
      req.path.startsWith("/api/v2/users/") && req.headers.cookie ? json({ code: 404 }, 404) : site(req),
    );
    await expect(checkVinted(productCtx(retailer.client, PROFILE))).rejects.toMatchObject({
      reason: "not_found",
    });
  });
});
