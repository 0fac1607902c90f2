import { monitorRulesSchema } from "@common/schemas/monitor-rules.js";
import { describe, expect, it } from "vitest";
import { detect, type StoredState } from "./detect.js";
import { alertSummary } from "./notify/alert.js";
import type { ProductResult } from "./platforms/types.js";

const now = new Date("2026-05-01T10:00:00Z");
const opts = { enableErrorAlerts: true, now };
const rules = (r: Parameters<typeof monitorRulesSchema.parse>[0]) => monitorRulesSchema.parse(r);

const stored = (change: Partial<StoredState> = {}): StoredState => ({
  id: 1,
  name: "Casaco Zara",
  url: "https://www.zara.com/pt/pt/casaco-p01234567.html",
  platform: "zara",
  status: "out_of_stock",
  availableSizes: [],
  lastNotifiedStatus: null,
  lastNotifiedSizes: [],
  failureStreak: 0,
  engineState: null,
  price: "45.99",
  imageUrl: null,
  lastCheck: new Date("2026-05-01T09:59:59Z"),
  ...change,
});

const seen = (status: ProductResult["status"], sizes: string[], price = "45.99"): ProductResult => ({
  kind: "product",
  status,
  sizes,
  price,
  currency: "EUR",
});

/** runs checks one after another, each seeing what the previous wrote */
function run(start: StoredState, results: ProductResult[]) {
  let state = start;
  return results.map((r) => {
    const d = detect(state, r, opts);
    const u = d.update;
    state = {
      ...state,
      status: u.status ?? state.status,
      price: u.price === undefined ? state.price : u.price,
      lastNotifiedStatus:
        u.lastNotifiedStatus === undefined ? state.lastNotifiedStatus : u.lastNotifiedStatus,
      lastNotifiedSizes: u.lastNotifiedSizes ?? state.lastNotifiedSizes,
      engineState: u.engineState ?? state.engineState,
    };
    return d.alerts;
  });
}

describe("only my sizes", () => {
  const mine = rules({ mySizes: ["M", "L"] });

  it("a product set to M, L stays quiet when only XS comes back, alerts when M does", () => {
    const alerts = run(stored({ rules: mine }), [
      seen("in_stock", ["XS"]),
      seen("in_stock", ["XS", "M"]),
      seen("in_stock", ["XS", "M", "S"]),
    ]);
    expect(alerts[0]).toEqual([]);
    expect(alerts[1].map((a) => a.kind)).toEqual(["restock"]);
    expect(alerts[1][0].newSizes).toEqual(["M"]);
    // the others are still shown
    expect(alerts[1][0].sizes).toEqual(["XS", "M"]);
    expect(alerts[2]).toEqual([]);
  });

  it("my sizes gone while others remain is sold out for this monitor, and their return alerts again", () => {
    const alerts = run(stored({ rules: mine }), [
      seen("in_stock", ["L"]),
      seen("in_stock", ["XS"]),
      seen("in_stock", ["XS", "L"]),
    ]);
    expect(alerts.map((a) => a.map((x) => x.kind))).toEqual([["restock"], ["sold_out"], ["restock"]]);
  });

  it("names inside variant labels count: M matches 'Preto / M'", () => {
    const alerts = run(stored({ rules: mine }), [
      seen("in_stock", ["Preto / XS"]),
      seen("in_stock", ["Preto / M"]),
    ]);
    expect(alerts.map((a) => a.length)).toEqual([0, 1]);
  });
});

describe("price rules", () => {
  it("a target price alerts once when reached and again on a new low, not on the same price", () => {
    const alerts = run(
      stored({ status: "in_stock", lastNotifiedStatus: "in_stock", rules: rules({ targetPrice: "40" }) }),
      [
        seen("in_stock", [], "45.99"),
        seen("in_stock", [], "39.99"),
        seen("in_stock", [], "39.99"),
        seen("in_stock", [], "42.00"),
        seen("in_stock", [], "35.99"),
      ],
    );
    const drops = alerts.map((a) => a.filter((x) => x.kind === "price_drop"));
    expect(drops.map((d) => d.length)).toEqual([0, 1, 0, 0, 1]);
    expect(drops[4][0].previousPrice).toBe("39.99");
  });

  it("a drop of at least N % from the last alerted price alerts, written '45,99 € → 35,99 €'", () => {
    const alerts = run(
      stored({ status: "in_stock", lastNotifiedStatus: "in_stock", rules: rules({ dropPercent: 20 }) }),
      [
        seen("in_stock", [], "45.99"),
        seen("in_stock", [], "40.00"),
        seen("in_stock", [], "35.99"),
        seen("in_stock", [], "30.00"),
        seen("in_stock", [], "28.00"),
      ],
    );
    const drops = alerts.map((a) => a.filter((x) => x.kind === "price_drop"));
    expect(drops.map((d) => d.length)).toEqual([0, 0, 1, 0, 1]);
    expect(alertSummary(drops[2][0])).toMatch(/^Casaco Zara: 45,99\s€ → 35,99\s€$/);
    expect(drops[4][0].previousPrice).toBe("35.99");
  });

  it("a price in another currency compares in that currency: the memory starts again, silently", () => {
    const state = stored({
      status: "in_stock",
      lastNotifiedStatus: "in_stock",
      rules: rules({ dropPercent: 10 }),
    });
    const first = detect(state, seen("in_stock", [], "100.00"), opts);
    const next = { ...state, engineState: first.update.engineState ?? null };
    const other = detect(next, { ...seen("in_stock", [], "50.00"), currency: "PLN" }, opts);
    expect(other.alerts.filter((a) => a.kind === "price_drop")).toEqual([]);
    expect(other.update.engineState?.priceCurrency).toBe("PLN");
  });
});

describe("the rules' schema", () => {
  it("refuses max below min, 500 keywords and a 10 000-character word with Portuguese messages", () => {
    const problems = (input: unknown) =>
      monitorRulesSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(problems({ minPrice: "50", maxPrice: "40" })).toEqual([
      "O preço máximo não pode ser inferior ao mínimo",
    ]);
    expect(problems({ allWords: Array.from({ length: 500 }, (_, i) => `p${i}`) })).toEqual([
      "Demasiadas palavras (máximo 50)",
    ]);
    expect(problems({ excludeWords: ["x".repeat(10_000)] })).toEqual([
      "Palavra demasiado longa (máximo 100 caracteres)",
    ]);
  });
});
