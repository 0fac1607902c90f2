import { describe, expect, it } from "vitest";
import { buildCheckDetail, type CheckLog, excerptOf } from "./check-detail.js";
import { CheckFailure, type ProductResult } from "./platforms/types.js";

const log = (body: string | null = null): CheckLog => ({
  startedAt: Date.parse("2026-05-01T10:00:00Z"),
  exchanges: [{ method: "GET", url: "https://shop.example/p", status: 200, ms: 12 }],
  excerpt: excerptOf(body),
});

describe("check detail", () => {
  it("reads the currency the result carries, EUR when it carries none", () => {
    const result: ProductResult = { kind: "product", status: "in_stock", sizes: ["M"], price: "19800" };
    expect(buildCheckDetail(result, log(), "test").currency).toBe("EUR");
    const yen = { ...result, currency: "JPY" } as ProductResult;
    expect(buildCheckDetail(yen, log(), "test")).toMatchObject({ price: "19800", currency: "JPY" });
    const junk = { ...result, currency: "iene" } as ProductResult;
    expect(buildCheckDetail(junk, log(), "test").currency).toBe("EUR");
  });

  it("sizes keep their flags; a result without allSizes lists the available ones", () => {
    const detail = buildCheckDetail(
      {
        kind: "product",
        status: "low_stock",
        sizes: ["S"],
        price: null,
        allSizes: [
          { name: "S", available: true, lowStock: true },
          { name: "M", available: false },
        ],
      },
      log(),
      "test",
    );
    expect(detail.sizes).toEqual([
      { name: "S", available: true, lowStock: true },
      { name: "M", available: false, lowStock: false },
    ]);
  });

  it("a failure carries its label, message and a clean excerpt of the last answer", () => {
    const body = `<html>\u0000\n\n  <title>Just a moment</title>${"x".repeat(5000)}`;
    const detail = buildCheckDetail(new CheckFailure("blocked", "Cloudflare"), log(body), "engine");
    expect(detail).toMatchObject({
      ok: false,
      status: null,
      trigger: "engine",
      failure: { reason: "blocked", label: "bloqueado", message: "Cloudflare" },
    });
    expect(detail.excerpt?.startsWith("<html> <title>Just a moment</title>")).toBe(true);
    expect(detail.excerpt?.length).toBe(601);
    expect(excerptOf("  \n ")).toBeNull();
  });
});
