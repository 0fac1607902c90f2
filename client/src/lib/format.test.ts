import { describe, expect, it } from "vitest";
import {
  formatActivityTime,
  formatActivityWhen,
  formatDate,
  formatDateTime,
  formatEuro,
  formatInterval,
  formatLastCheck,
  formatMonthName,
  formatPercent,
  formatPrice,
  formatSaleDate,
  initials,
} from "./format";

// Intl puts a narrow no-break space before the euro sign; compare on plain spaces
const plain = (s: string) => s.replace(/\s/g, " ");

describe("formatEuro", () => {
  it("formats decimal text the pt-PT way", () => {
    expect(plain(formatEuro("12.5"))).toBe("12,50 €");
    expect(plain(formatEuro("1234.56"))).toBe("1234,56 €");
    expect(plain(formatEuro("12345.6"))).toBe("12 345,60 €");
    expect(plain(formatEuro(-3))).toBe("-3,00 €");
  });
  it("shows zero for missing or unreadable amounts", () => {
    expect(plain(formatEuro(null))).toBe("0,00 €");
    expect(plain(formatEuro("abc"))).toBe("0,00 €");
  });
});

describe("formatPercent", () => {
  it("uses one decimal with a comma", () => {
    expect(formatPercent("33.333")).toBe("33,3\u00a0%");
    expect(formatPercent(5)).toBe("5,0\u00a0%");
  });
});

describe("formatActivityWhen", () => {
  it("puts the clock time beside 'há …', and leaves a full date alone", () => {
    const now = new Date(2026, 10, 23, 14, 40);
    expect(formatActivityWhen(new Date(2026, 10, 23, 14, 32), now)).toBe("há 8 minutos · 14:32");
    expect(formatActivityWhen(new Date(2026, 10, 20, 9, 5), now)).toBe("20/11/2026 09:05");
  });
});

describe("formatSaleDate", () => {
  it("shows a date-only sale without a time, whatever the time zone", () => {
    expect(formatSaleDate("2026-11-20T00:00:00.000Z")).toBe("20/11/2026");
    expect(formatSaleDate(new Date(2026, 10, 20, 15, 4).toISOString())).toBe("20/11/2026 15:04");
  });
});

describe("formatMonthName", () => {
  it("names the month in full", () => {
    expect(formatMonthName("11/2026")).toBe("novembro de 2026");
    expect(formatMonthName("01/2025")).toBe("janeiro de 2025");
    expect(formatMonthName("2026-11")).toBe("2026-11");
  });
});

describe("dates", () => {
  const date = new Date(2026, 0, 5, 9, 7);
  it("formats as dd/MM/yyyy and dd/MM/yyyy HH:mm", () => {
    expect(formatDate(date)).toBe("05/01/2026");
    expect(formatDateTime(date)).toBe("05/01/2026 09:07");
    expect(formatDate(date.toISOString())).toBe("05/01/2026");
  });
  it("shows a dash for missing or invalid dates", () => {
    expect(formatDate(null)).toBe("—");
    expect(formatDateTime("not a date")).toBe("—");
  });
});

describe("formatLastCheck", () => {
  const now = new Date(2026, 5, 1, 15, 30, 0);
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  it("follows the last-check rules", () => {
    expect(formatLastCheck(null, now)).toBe("Nunca");
    expect(formatLastCheck(ago(0), now)).toBe("agora");
    expect(formatLastCheck(ago(9), now)).toBe("agora");
    expect(formatLastCheck(ago(10), now)).toBe("há 10 s");
    expect(formatLastCheck(ago(59), now)).toBe("há 59 s");
    expect(formatLastCheck(ago(60), now)).toBe("há 1 min");
    expect(formatLastCheck(ago(59 * 60 + 59), now)).toBe("há 59 min");
    expect(formatLastCheck(ago(60 * 60), now)).toBe("14:30");
  });
  it("treats a clock slightly ahead as now", () => {
    expect(formatLastCheck(ago(-5), now)).toBe("agora");
  });
});

describe("formatActivityTime", () => {
  const now = new Date(2026, 5, 1, 15, 30, 0);
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  it("follows the activity rules", () => {
    expect(formatActivityTime(ago(30), now)).toBe("há poucos segundos");
    expect(formatActivityTime(ago(60), now)).toBe("há 1 minuto");
    expect(formatActivityTime(ago(5 * 60), now)).toBe("há 5 minutos");
    expect(formatActivityTime(ago(3600), now)).toBe("há 1 hora");
    expect(formatActivityTime(ago(23 * 3600), now)).toBe("há 23 horas");
    expect(formatActivityTime(ago(24 * 3600), now)).toBe("31/05/2026 15:30");
  });
});

describe("formatInterval", () => {
  it("shows milliseconds as seconds and minutes", () => {
    expect(formatInterval(5000)).toBe("5 s");
    expect(formatInterval(75_000)).toBe("1 min 15 s");
    expect(formatInterval(120_000)).toBe("2 min");
    expect(formatInterval(1500)).toBe("2 s");
  });
});

describe("initials", () => {
  it("takes one or two letters, uppercase", () => {
    expect(initials("admin")).toBe("A");
    expect(initials("maria", 2)).toBe("MA");
    expect(initials("  ")).toBe("?");
  });
});

describe("formatPrice", () => {
  it("shows a monitored price in its own currency, € only for euros", () => {
    expect(plain(formatPrice("19800.00", "JPY"))).toBe("19 800 JP¥");
    expect(plain(formatPrice("89.00", "PLN"))).toBe("89,00 PLN");
    expect(plain(formatPrice("12.34", "USD"))).toBe("12,34 US$");
    expect(plain(formatPrice("29.95", "EUR"))).toBe("29,95 €");
    expect(plain(formatPrice("29.95", null))).toBe("29,95 €");
    expect(formatPrice("19800.00", "JPY")).not.toContain("€");
  });
});
