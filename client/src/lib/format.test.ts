import { createFormatter } from "@common/format";
import { afterEach, describe, expect, it } from "vitest";
import {
  formatActivityTime,
  formatActivityWhen,
  formatClockOrDate,
  formatInterval,
  formatLastCheck,
  initials,
} from "./format";
import { i18n } from "./i18n";

afterEach(() => i18n.changeLanguage("pt"));

// amounts, numbers and dates are tested with the Formatter (common/format.test.ts); these are the wordings
const lisbon = createFormatter({ timezone: "Europe/Lisbon" });
const newYork = createFormatter({ timezone: "America/New_York" });

describe("formatActivityWhen", () => {
  it("puts the clock time beside 'há …', and leaves a full date alone", () => {
    const now = new Date("2026-11-23T14:40:00Z");
    expect(formatActivityWhen("2026-11-23T14:32:00Z", lisbon, now)).toBe("há 8 minutos · 14:32");
    expect(formatActivityWhen("2026-11-20T09:05:00Z", lisbon, now)).toBe("20/11/2026 09:05");
  });
  it("reads the clock in the user's zone", () => {
    const now = new Date("2026-11-23T14:40:00Z");
    expect(formatActivityWhen("2026-11-23T14:32:00Z", newYork, now)).toBe("há 8 minutos · 09:32");
    expect(formatActivityWhen("2026-11-20T03:05:00Z", newYork, now)).toBe("19/11/2026 22:05");
  });
  it("is written in the user's language", async () => {
    const now = new Date("2026-11-23T14:40:00Z");
    await i18n.changeLanguage("en");
    expect(formatActivityWhen("2026-11-23T14:32:00Z", lisbon, now)).toBe("8 minutes ago · 14:32");
    expect(formatActivityWhen("2026-11-23T13:40:00Z", lisbon, now)).toBe("1 hour ago · 13:40");
    expect(formatLastCheck(null, lisbon, now)).toBe("Never");
    await i18n.changeLanguage("es");
    expect(formatActivityWhen("2026-11-23T14:39:00Z", lisbon, now)).toBe("hace 1 minuto · 14:39");
  });
});

describe("formatLastCheck", () => {
  const now = new Date("2026-06-01T14:30:00Z");
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  it("follows the last-check rules", () => {
    expect(formatLastCheck(null, lisbon, now)).toBe("Nunca");
    expect(formatLastCheck(ago(0), lisbon, now)).toBe("agora");
    expect(formatLastCheck(ago(9), lisbon, now)).toBe("agora");
    expect(formatLastCheck(ago(10), lisbon, now)).toBe("há 10 s");
    expect(formatLastCheck(ago(59), lisbon, now)).toBe("há 59 s");
    expect(formatLastCheck(ago(60), lisbon, now)).toBe("há 1 min");
    expect(formatLastCheck(ago(59 * 60 + 59), lisbon, now)).toBe("há 59 min");
    // June: Lisbon is UTC+1, New York UTC−4
    expect(formatLastCheck(ago(60 * 60), lisbon, now)).toBe("14:30");
    expect(formatLastCheck(ago(60 * 60), newYork, now)).toBe("09:30");
  });
  it("treats a clock slightly ahead as now", () => {
    expect(formatLastCheck(ago(-5), lisbon, now)).toBe("agora");
  });
});

describe("formatActivityTime", () => {
  const now = new Date("2026-06-01T14:30:00Z");
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  it("follows the activity rules", () => {
    expect(formatActivityTime(ago(30), lisbon, now)).toBe("há poucos segundos");
    expect(formatActivityTime(ago(60), lisbon, now)).toBe("há 1 minuto");
    expect(formatActivityTime(ago(5 * 60), lisbon, now)).toBe("há 5 minutos");
    expect(formatActivityTime(ago(3600), lisbon, now)).toBe("há 1 hora");
    expect(formatActivityTime(ago(23 * 3600), lisbon, now)).toBe("há 23 horas");
    expect(formatActivityTime(ago(24 * 3600), lisbon, now)).toBe("31/05/2026 15:30");
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

describe("formatClockOrDate", () => {
  it("gives today's time alone, another day's with its date, and a dash for never", () => {
    const now = new Date("2026-11-23T18:00:00Z");
    expect(formatClockOrDate("2026-11-23T14:32:00Z", lisbon, now)).toBe("14:32");
    expect(formatClockOrDate("2026-11-23T00:05:00Z", lisbon, now)).toBe("00:05");
    expect(formatClockOrDate("2026-11-22T23:59:00Z", lisbon, now)).toBe("22/11/2026 23:59");
    // 00:05 in Lisbon is still the day before in New York
    expect(formatClockOrDate("2026-11-23T00:05:00Z", newYork, now)).toBe("22/11/2026 19:05");
    expect(formatClockOrDate(null, lisbon, now)).toBe("—");
    expect(formatClockOrDate("não é data", lisbon, now)).toBe("—");
  });
});
