import { describe, expect, it } from "vitest";
import { type AlertKey, translator } from "./i18n.js";

describe("translator", () => {
  it("answers a text without options the same every time, in each language", () => {
    for (const [language, restock] of [
      ["en", "In stock"],
      ["pt", "Em stock"],
    ] as const) {
      const t = translator(language);
      expect(t("title.restock")).toBe(restock);
      expect(t("title.restock")).toBe(restock);
    }
  });

  it("still interpolates each call's own options (only option-less texts are kept)", () => {
    const t = translator("en");
    expect(t("label.ago", { time: "5 min" })).toBe("5 min ago");
    expect(t("label.ago", { time: "2 h" })).toBe("2 h ago");
  });

  it("counts as Portugal does: 1 takes the singular, 0 and 1,5 the plural (Brazil's rules give them the singular)", () => {
    const t = translator("pt");
    const key = "report.otherCurrency" as AlertKey; // a plural: its leaves are _one and _other
    expect(t(key, { count: 1 })).toBe("1 venda noutra moeda não está nos totais");
    expect(t(key, { count: 1.5 })).toBe("1.5 vendas noutra moeda não estão nos totais");
    expect(t(key, { count: 0 })).toBe("0 vendas noutra moeda não estão nos totais");
  });
});
