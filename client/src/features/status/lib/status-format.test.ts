import { afterAll, describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import { formatMembership } from "./status-format";

describe("membership", () => {
  afterAll(() => i18n.changeLanguage("pt"));

  it("counts months and days in pt-PT, as the spec writes them", async () => {
    await i18n.changeLanguage("pt");
    expect(formatMembership({ months: 0, days: 0 })).toBe("Hoje");
    expect(formatMembership({ months: 1, days: 1 })).toBe("1 mês e 1 dia");
    expect(formatMembership({ months: 3, days: 12 })).toBe("3 meses e 12 dias");
    expect(formatMembership({ months: 0, days: 5 })).toBe("5 dias");
    expect(formatMembership({ months: 2, days: 0 })).toBe("2 meses");
  });

  it("follows the language in force", async () => {
    await i18n.changeLanguage("en");
    expect(formatMembership({ months: 1, days: 2 })).toBe("1 month and 2 days");
    expect(formatMembership({ months: 0, days: 0 })).toBe("Today");
    await i18n.changeLanguage("es");
    expect(formatMembership({ months: 3, days: 1 })).toBe("3 meses y 1 día");
  });
});

describe("sales count", () => {
  afterAll(() => i18n.changeLanguage("pt"));

  it("keeps pt-PT's '0 vendas' (Intl's pt rules put 0 under 'one')", async () => {
    await i18n.changeLanguage("pt");
    expect([0, 1, 2].map((count) => i18n.t("status:charts.sales", { count }))).toEqual([
      "0 vendas",
      "1 venda",
      "2 vendas",
    ]);
    await i18n.changeLanguage("en");
    expect([0, 1].map((count) => i18n.t("status:charts.sales", { count }))).toEqual(["0 sales", "1 sale"]);
  });
});
