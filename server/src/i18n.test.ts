import { describe, expect, it } from "vitest";
import { translator } from "./i18n.js";

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
});
