import { describe, expect, it } from "vitest";
import { buildCheckDetail, type CheckLog, excerptOf, finishLog, newCheckLog } from "./check-detail.js";
import { monitorRulesSchema } from "@common/schemas/monitor-rules.js";
import { CheckFailure, type ProductResult, type SearchResult } from "./platforms/types.js";

const log = (body: string | null = null): CheckLog => ({
  startedAt: Date.parse("2026-05-01T10:00:00Z"),
  exchanges: [{ method: "GET", url: "https://shop.example/p", status: 200, ms: 12 }],
  excerpt: excerptOf(body),
  lastBody: null,
});

describe("check detail", () => {
  it("'Testar agora' of a search says per item which rule kept or dropped it", () => {
    const item = (id: string, title: string, price: string, totalPrice?: string) => ({
      id,
      title,
      price,
      currency: "EUR",
      url: `https://www.vinted.pt/items/${id}`,
      ...(totalPrice ? { totalPrice } : {}),
    });
    const result: SearchResult = {
      kind: "search",
      status: "search_active",
      items: [
        item("1", "Nike Air Max", "35.00", "37.45"),
        item("2", "Nike com manchas", "10.00"),
        item("3", "Nike Blazer", "39.00", "41.65"),
      ],
    };
    const rules = monitorRulesSchema.parse({ excludeWords: ["manchas"], maxPrice: "40", maxIsTotal: true });
    const detail = buildCheckDetail(result, log(), "test", Date.now(), rules);
    expect(detail.items.map((i) => i.verdict)).toEqual(["kept", "excludeWords", "maxPrice"]);
  });

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
  it("a check's end keeps the excerpt of its last answer only when it failed, and lets the answer go", () => {
    const failed = newCheckLog();
    failed.lastBody = "<html>\n<title>Just a moment</title>\u0007 </html>";
    finishLog(failed, true);
    expect(failed.excerpt).toBe("<html> <title>Just a moment</title> </html>");
    expect(failed.lastBody).toBeNull();
    const read = newCheckLog();
    read.lastBody = '{"id":1,"variants":[]}';
    finishLog(read, false);
    expect(read.excerpt).toBeNull();
    expect(read.lastBody).toBeNull();
  });
});
