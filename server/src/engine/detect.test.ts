import { describe, expect, it } from "vitest";
import { detect, type StoredState } from "./detect.js";
import { CheckFailure, type ProductResult, type ProfileResult } from "./platforms/types.js";

const now = new Date("2026-05-01T10:00:00Z");
const opts = { enableErrorAlerts: true, now };

const stored = (change: Partial<StoredState> = {}): StoredState => ({
  id: 1,
  name: "Hoodie",
  url: "https://nudeproject.com/products/hoodie",
  platform: "nudeproject",
  status: "out_of_stock",
  availableSizes: [],
  lastNotifiedStatus: null,
  lastNotifiedSizes: [],
  failureStreak: 0,
  engineState: null,
  price: "69.90",
  imageUrl: null,
  lastCheck: new Date("2026-05-01T09:59:59Z"),
  ...change,
});

const product = (
  status: ProductResult["status"],
  sizes: string[],
  extra: Partial<ProductResult> = {},
): ProductResult => ({
  kind: "product",
  status,
  sizes,
  price: "69.90",
  ...extra,
});

const profile = (status: ProfileResult["status"], ids: string[]): ProfileResult => ({
  kind: "profile",
  status,
  items: ids.map((id) => ({
    id,
    title: `Artigo ${id}`,
    price: "5.00",
    url: `https://www.vinted.pt/items/${id}`,
  })),
});

describe("detect: products", () => {
  it("alerts when a product becomes available, naming the sizes, and remembers what it told", () => {
    const d = detect(stored(), product("in_stock", ["S", "M"]), opts);
    expect(d.alerts.map((a) => a.kind)).toEqual(["restock"]);
    expect(d.alerts[0].newSizes).toEqual(["S", "M"]);
    expect(d.update).toMatchObject({
      status: "in_stock",
      lastNotifiedStatus: "in_stock",
      lastNotifiedSizes: ["S", "M"],
    });
    expect(d.activities.map((a) => a.action)).toEqual(["stock_check"]);
    expect(d.needsTransaction).toBe(true);
  });

  it("alerts on the very first check when the product is available", () => {
    const d = detect(stored({ status: "unknown", lastCheck: null }), product("low_stock", ["M"]), opts);
    expect(d.alerts.map((a) => a.kind)).toEqual(["restock"]);
  });

  it("never alerts for an unchanged state, and needs no transaction", () => {
    const s = stored({
      status: "in_stock",
      availableSizes: ["M"],
      lastNotifiedStatus: "in_stock",
      lastNotifiedSizes: ["M"],
    });
    const d = detect(s, product("in_stock", ["M"]), opts);
    expect(d.alerts).toEqual([]);
    expect(d.activities).toEqual([]);
    expect(d.needsTransaction).toBe(false);
    const out = detect(stored(), product("out_of_stock", []), opts);
    expect(out.alerts).toEqual([]);
    expect(out.needsTransaction).toBe(false);
  });

  it("alerts for sizes not in lastNotifiedSizes, naming only the new ones", () => {
    const s = stored({
      status: "in_stock",
      availableSizes: ["M"],
      lastNotifiedStatus: "in_stock",
      lastNotifiedSizes: ["M"],
    });
    const d = detect(s, product("in_stock", ["M", "L"]), opts);
    expect(d.alerts.map((a) => [a.kind, a.newSizes])).toEqual([["new_sizes", ["L"]]]);
    expect(d.update.lastNotifiedSizes).toEqual(["M", "L"]);
  });

  it("in_stock → low_stock is not an alert", () => {
    const s = stored({
      status: "in_stock",
      availableSizes: ["M"],
      lastNotifiedStatus: "in_stock",
      lastNotifiedSizes: ["M"],
    });
    const d = detect(s, product("low_stock", ["M"]), opts);
    expect(d.alerts).toEqual([]);
    expect(d.update.status).toBe("low_stock");
    expect(d.activities).toHaveLength(1);
  });

  it("a size that went away is forgotten silently, so its return is news", () => {
    const s = stored({
      status: "in_stock",
      availableSizes: ["M", "L"],
      lastNotifiedStatus: "in_stock",
      lastNotifiedSizes: ["M", "L"],
    });
    const gone = detect(s, product("in_stock", ["M"]), opts);
    expect(gone.alerts).toEqual([]);
    expect(gone.update.lastNotifiedSizes).toEqual(["M"]);
    const back = detect(
      { ...s, availableSizes: ["M"], lastNotifiedSizes: ["M"] },
      product("in_stock", ["M", "L"]),
      opts,
    );
    expect(back.alerts[0].newSizes).toEqual(["L"]);
  });

  it("alerts when it sells out after an availability alert, not otherwise", () => {
    const s = stored({
      status: "in_stock",
      availableSizes: ["M"],
      lastNotifiedStatus: "in_stock",
      lastNotifiedSizes: ["M"],
    });
    const d = detect(s, product("out_of_stock", []), opts);
    expect(d.alerts.map((a) => a.kind)).toEqual(["sold_out"]);
    expect(d.update).toMatchObject({ lastNotifiedStatus: "out_of_stock", lastNotifiedSizes: [] });
    const never = detect(
      stored({ status: "in_stock", availableSizes: ["M"] }),
      product("out_of_stock", []),
      opts,
    );
    expect(never.alerts).toEqual([]);
  });

  it("keeps only the cart links of available sizes", () => {
    const d = detect(
      stored(),
      product("in_stock", ["S"], {
        cartLinks: [
          { size: "S", url: "https://nudeproject.com/cart/1:1" },
          { size: "M", url: "https://nudeproject.com/cart/2:1" },
        ],
      }),
      opts,
    );
    expect(d.alerts[0].cartLinks).toEqual([{ size: "S", url: "https://nudeproject.com/cart/1:1" }]);
  });
});

describe("detect: failures", () => {
  const blocked = new CheckFailure("blocked", "HTTP 403", "nudeproject.com");

  it("keeps the status, counts the streak, logs only the first failure", () => {
    const first = detect(stored({ status: "in_stock" }), blocked, opts);
    expect(first.update).toEqual({ failureStreak: 1, lastError: "bloqueado", checked: false });
    expect(first.update).not.toHaveProperty("status");
    expect(first.activities.map((a) => a.action)).toEqual(["stock_check_failed"]);
    // the card says which wall, when the page named one
    const walled = new CheckFailure(
      "blocked",
      "Página de verificação anti-bot (DataDome)",
      "fnac.pt",
      "DataDome",
    );
    expect(detect(stored({}), walled, opts).update.lastError).toBe("bloqueado (DataDome)");
    const second = detect(stored({ failureStreak: 1 }), new CheckFailure("timeout", "x"), opts);
    expect(second.activities).toEqual([]);
    expect(second.update.lastError).toBe("tempo esgotado");
    expect(second.needsTransaction).toBe(false);
  });

  it("blind: one alert once no check has succeeded for the window, naming since when; none before, none after", () => {
    const window = { ...opts, blindAfterMs: 10 * 60_000 };
    const ago = (ms: number) => new Date(now.getTime() - ms);
    expect(
      detect(stored({ failureStreak: 5, failingSince: ago(9 * 60_000) }), blocked, window).alerts,
    ).toEqual([]);
    const blind = detect(stored({ failureStreak: 6, failingSince: ago(10 * 60_000) }), blocked, window);
    expect(blind.alerts.map((a) => [a.kind, a.since, a.error])).toEqual([
      ["check_failing", ago(10 * 60_000).toISOString(), "bloqueado"],
    ]);
    expect(blind.update.blindSince).toEqual(ago(10 * 60_000));
    expect(blind.needsTransaction).toBe(true);
    // said once: a monitor already blind says nothing more while it stays blind
    const still = stored({ failureStreak: 7, failingSince: ago(11 * 60_000), blindSince: ago(10 * 60_000) });
    expect(detect(still, blocked, window).alerts).toEqual([]);
    expect(detect(still, blocked, window).update.blindSince).toBeUndefined();
    // error alerts off: the card still says it is blind, no alert goes out
    const quiet = detect(stored({ failureStreak: 6, failingSince: ago(10 * 60_000) }), blocked, {
      ...window,
      enableErrorAlerts: false,
    });
    expect(quiet.alerts).toEqual([]);
    expect(quiet.update.blindSince).toEqual(ago(10 * 60_000));
  });

  it("blind behind a wall: the alert says which wall answered", () => {
    const wall = new CheckFailure(
      "blocked",
      "Página de verificação anti-bot (DataDome)",
      "zara.com",
      "DataDome",
    );
    const d = detect(stored({ failingSince: new Date(now.getTime() - 60_000) }), wall, {
      ...opts,
      blindAfterMs: 60_000,
    });
    expect(d.alerts[0].error).toBe("bloqueado (DataDome)");
  });

  it("a blind monitor that reads its page again says once that it is back", () => {
    const since = new Date(now.getTime() - 3_600_000);
    const back = detect(
      stored({ failureStreak: 40, failingSince: since, blindSince: since }),
      product("out_of_stock", []),
      opts,
    );
    expect(back.alerts.map((a) => [a.kind, a.since])).toEqual([["check_recovered", since.toISOString()]]);
    expect(back.needsTransaction).toBe(true);
    expect(
      detect(stored({ failureStreak: 2, failingSince: since }), product("out_of_stock", []), opts).alerts,
    ).toEqual([]);
  });

  it("names every reason in Portuguese", () => {
    const reasons = ["blocked", "timeout", "unexpected", "not_found", "network"] as const;
    const labels = reasons.map((r) => detect(stored(), new CheckFailure(r, "x"), opts).update.lastError);
    expect(labels).toEqual([
      "bloqueado",
      "tempo esgotado",
      "formato inesperado",
      "não encontrado",
      "erro de rede",
    ]);
  });

  it("a success after failures resets the streak", () => {
    const s = stored({ failureStreak: 4 });
    const d = detect(s, product("out_of_stock", []), opts);
    expect(d.update).toMatchObject({ failureStreak: 0, lastError: null, checked: true });
  });
});

describe("detect: vinted profiles", () => {
  it("stores the first wardrobe scan silently", () => {
    const d = detect(
      stored({ platform: "vinted", status: "unknown", lastCheck: null }),
      profile("vinted_active", ["1", "2"]),
      opts,
    );
    expect(d.alerts).toEqual([]);
    expect(d.update.engineState).toEqual({ itemIds: ["1", "2"] });
    expect(d.update.status).toBe("vinted_active");
  });

  it("alerts for new item ids only", () => {
    const s = stored({ platform: "vinted", status: "vinted_active", engineState: { itemIds: ["1", "2"] } });
    const d = detect(s, profile("vinted_active", ["3", "1", "2"]), opts);
    expect(d.alerts.map((a) => [a.kind, a.items?.map((i) => i.id)])).toEqual([["vinted_new_items", ["3"]]]);
    expect(d.update.engineState?.itemIds).toEqual(["3", "1", "2"]);
    expect(
      detect({ ...s, engineState: { itemIds: ["3", "1", "2"] } }, profile("vinted_active", ["3", "1"]), opts)
        .alerts,
    ).toEqual([]);
  });

  it("alerts when the member goes on holiday and comes back; hidden items are not news on return", () => {
    const s = stored({ platform: "vinted", status: "vinted_active", engineState: { itemIds: ["1", "2"] } });
    const on = detect(s, profile("vinted_vacation", []), opts);
    expect(on.alerts.map((a) => a.kind)).toEqual(["vinted_holiday_on"]);
    const back = detect({ ...s, status: "vinted_vacation" }, profile("vinted_active", ["1", "2"]), opts);
    expect(back.alerts.map((a) => a.kind)).toEqual(["vinted_holiday_off"]);
  });
  it("fills the card's item list with the titles on sale now", () => {
    const first = detect(
      stored({ platform: "vinted", status: "unknown", lastCheck: null }),
      profile("vinted_active", ["1", "2"]),
      opts,
    );
    expect(first.update.availableSizes).toEqual(["Artigo 1", "Artigo 2"]);
    const same = detect(
      stored({ platform: "vinted", status: "vinted_active", availableSizes: ["Artigo 1", "Artigo 2"] }),
      profile("vinted_active", ["1", "2"]),
      opts,
    );
    expect(same.update.availableSizes).toBeUndefined();
  });

  it("splits a drop of 30 items into three alerts of 10 and loses none", () => {
    const known = ["1"];
    const fresh = Array.from({ length: 30 }, (_, i) => String(100 + i));
    const s = stored({ platform: "vinted", status: "vinted_active", engineState: { itemIds: known } });
    const d = detect(s, profile("vinted_active", [...fresh, ...known]), opts);
    expect(d.alerts.map((a) => [a.items?.length, a.part])).toEqual([
      [10, { index: 1, count: 3 }],
      [10, { index: 2, count: 3 }],
      [10, { index: 3, count: 3 }],
    ]);
    expect(d.alerts.flatMap((a) => a.items?.map((i) => i.id))).toEqual(fresh);
    expect(d.activities[0].message).toContain("30 novo(s)");
  });
});
