import { describe, expect, it } from "vitest";
import { createFormatter, type FormatPreferences } from "./format.js";

// Intl separates with no-break spaces (U+00A0, U+202F); compare on plain spaces
const plain = (s: string) => s.replace(/\s/g, " ");

type Language = FormatPreferences["language"];
type Currency = FormatPreferences["currency"];

/** 1234.56 and -1234.56 in the books currency, per language */
const MONEY: Record<Language, Record<Currency, [string, string, string]>> = {
  pt: {
    EUR: ["1 234,56 €", "-1 234,56 €", "€"],
    USD: ["1 234,56 US$", "-1 234,56 US$", "US$"],
    GBP: ["1 234,56 £", "-1 234,56 £", "£"],
  },
  en: {
    EUR: ["€1,234.56", "-€1,234.56", "€"],
    USD: ["US$1,234.56", "-US$1,234.56", "US$"],
    GBP: ["£1,234.56", "-£1,234.56", "£"],
  },
  es: {
    EUR: ["1.234,56 €", "-1.234,56 €", "€"],
    USD: ["1.234,56 US$", "-1.234,56 US$", "US$"],
    GBP: ["1.234,56 GBP", "-1.234,56 GBP", "GBP"],
  },
};

const PERCENT: Record<Language, string> = { pt: "34,6\u00a0%", en: "34.6%", es: "34,6\u00a0%" };
const MONTH_NAME: Record<Language, string> = {
  pt: "novembro de 2026",
  en: "November 2026",
  es: "noviembre de 2026",
};
const MONTH_SHORT: Record<Language, string> = { pt: "mar/26", en: "Mar/26", es: "mar/26" };

/** 23 Nov 2026 03:30 UTC: 03:30 on the 23rd in Lisbon (UTC+0), 22:30 on the 22nd in New York */
const NEAR_MIDNIGHT = "2026-11-23T03:30:00.000Z";
/** 1 Jul 2026 02:00 UTC: 03:00 on 1 July in Lisbon (summer, UTC+1), 22:00 on 30 June in New York */
const SUMMER_NIGHT = "2026-07-01T02:00:00.000Z";

const ZONES = {
  "Europe/Lisbon": {
    date: "23/11/2026",
    dateTime: "23/11/2026 03:30",
    seconds: "23/11/2026 03:30:00",
    time: "03:30",
    day: "2026-11-23",
    summer: "01/07/2026 03:00",
    summerMonth: "2026-07",
  },
  "America/New_York": {
    date: "22/11/2026",
    dateTime: "22/11/2026 22:30",
    seconds: "22/11/2026 22:30:00",
    time: "22:30",
    day: "2026-11-22",
    summer: "30/06/2026 22:00",
    summerMonth: "2026-06",
  },
} as const;

describe("createFormatter: language × books currency × time zone", () => {
  for (const language of ["pt", "en", "es"] as const) {
    for (const currency of ["EUR", "USD", "GBP"] as const) {
      for (const [timezone, expected] of Object.entries(ZONES)) {
        const f = createFormatter({
          language,
          currency,
          timezone: timezone as FormatPreferences["timezone"],
        });
        const [positive, negative, symbol] = MONEY[language][currency];

        it(`${language} · ${currency} · ${timezone}`, () => {
          expect(plain(f.money("1234.56"))).toBe(positive);
          expect(plain(f.money(-1234.56))).toBe(negative);
          expect(f.currencySymbol).toBe(symbol);
          expect(f.percent("34.6")).toBe(PERCENT[language]);
          expect(f.date(NEAR_MIDNIGHT)).toBe(expected.date);
          expect(f.dateTime(NEAR_MIDNIGHT)).toBe(expected.dateTime);
          expect(f.dateTimeSeconds(NEAR_MIDNIGHT)).toBe(expected.seconds);
          expect(f.time(NEAR_MIDNIGHT)).toBe(expected.time);
          expect(f.day(NEAR_MIDNIGHT)).toBe(expected.day);
          expect(f.month(NEAR_MIDNIGHT)).toBe(expected.day.slice(0, 7));
          expect(f.dateTime(SUMMER_NIGHT)).toBe(expected.summer);
          expect(f.month(SUMMER_NIGHT)).toBe(expected.summerMonth);
          expect(f.monthName("11/2026")).toBe(MONTH_NAME[language]);
          expect(f.monthShort("2026-03")).toBe(MONTH_SHORT[language]);
        });
      }
    }
  }
});

describe("createFormatter: the product's rules", () => {
  const pt = createFormatter();
  const usdNewYork = createFormatter({ currency: "USD", timezone: "America/New_York" });

  it("defaults to pt-PT, euros and Lisbon", () => {
    expect(pt).toMatchObject({ locale: "pt-PT", currency: "EUR", timeZone: "Europe/Lisbon" });
    expect(plain(pt.money("12.5"))).toBe("12,50 €");
    expect(plain(pt.money("12345.6"))).toBe("12 345,60 €");
  });

  it("shows zero for a missing or unreadable amount, a dash for a missing date", () => {
    expect(plain(pt.money(null))).toBe("0,00 €");
    expect(plain(pt.money("abc"))).toBe("0,00 €");
    expect(pt.date(null)).toBe("—");
    expect(pt.dateTime("not a date")).toBe("—");
  });

  it("keeps a retailer's price in the retailer's currency, never the books currency", () => {
    expect(plain(usdNewYork.price("29.95", "EUR"))).toBe("29,95 €");
    expect(plain(usdNewYork.price("29.95", null))).toBe("29,95 €");
    expect(plain(pt.price("19800.00", "JPY"))).toBe("19 800 JP¥");
    expect(plain(pt.price("89.00", "PLN"))).toBe("89,00 PLN");
    expect(plain(pt.price("12.34", "USD"))).toBe("12,34 US$");
    expect(pt.price("19800.00", "JPY")).not.toContain("€");
  });

  it("shows a day kept without a time as that day in any zone, a timed sale in the user's zone", () => {
    expect(usdNewYork.saleDate("2026-11-20T00:00:00.000Z")).toBe("20/11/2026");
    expect(usdNewYork.dateOnly("2026-11-20T00:00:00.000Z")).toBe("20/11/2026");
    expect(usdNewYork.date("2026-11-20T00:00:00.000Z")).toBe("19/11/2026");
    expect(usdNewYork.saleDate(NEAR_MIDNIGHT)).toBe("22/11/2026 22:30");
    expect(pt.saleDate(NEAR_MIDNIGHT)).toBe("23/11/2026 03:30");
  });

  it("gives a sale's day: its own day when kept without a time, else its day in the user's zone", () => {
    expect(usdNewYork.saleDay("2026-11-20T00:00:00.000Z")).toBe("2026-11-20");
    expect(usdNewYork.day("2026-11-20T00:00:00.000Z")).toBe("2026-11-19");
    expect(usdNewYork.saleDay(NEAR_MIDNIGHT)).toBe("2026-11-22");
    expect(pt.saleDay(NEAR_MIDNIGHT)).toBe("2026-11-23");
  });

  it("writes plain numbers and leaves an unknown month key as it came", () => {
    expect(pt.number(2.25, 1)).toBe("2,3");
    expect(createFormatter({ language: "en" }).number(1234.5)).toBe("1,234.5");
    expect(pt.monthName("2026-11")).toBe("2026-11");
    expect(pt.monthShort("11/2026")).toBe("11/2026");
  });

  it("makes one formatter per set of preferences", () => {
    expect(createFormatter({ currency: "USD", timezone: "America/New_York" })).toBe(usdNewYork);
    expect(createFormatter({ language: "pt", currency: "EUR", timezone: "Europe/Lisbon" })).toBe(pt);
  });
});
