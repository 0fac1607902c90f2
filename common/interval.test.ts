import { describe, expect, it } from "vitest";
import {
  startingInterval,
  MAX_CHECK_INTERVAL_SECONDS,
  MIN_CHECK_INTERVAL_SECONDS,
  msToSeconds,
  parseSecondsToMs,
  secondsText,
  secondsToMs,
} from "./interval";

describe("check interval: seconds on screen, milliseconds stored", () => {
  it("converts both ways without losing what is stored", () => {
    expect(secondsToMs(20)).toBe(20_000);
    expect(msToSeconds(20_000)).toBe(20);
    expect(secondsToMs(1.5)).toBe(1_500);
    expect(msToSeconds(1_500)).toBe(1.5);
    for (const ms of [1_000, 1_001, 2_500, 75_000, 3_600_000]) expect(secondsToMs(msToSeconds(ms))).toBe(ms);
  });

  it("rounds a typed fraction to the millisecond", () => {
    expect(secondsToMs(1.0004)).toBe(1_000);
    expect(secondsToMs(0.1 + 0.2)).toBe(300);
  });

  it("bounds are 1 s and 1 h", () => {
    expect(MIN_CHECK_INTERVAL_SECONDS).toBe(1);
    expect(MAX_CHECK_INTERVAL_SECONDS).toBe(3600);
  });

  it("reads what a person types, comma or dot, and nothing else", () => {
    expect(parseSecondsToMs("20")).toBe(20_000);
    expect(parseSecondsToMs(" 90 ")).toBe(90_000);
    expect(parseSecondsToMs("1,5")).toBe(1_500);
    expect(parseSecondsToMs("1.5")).toBe(1_500);
    expect(parseSecondsToMs("0")).toBe(0);
    for (const text of ["", "  ", "abc", "20s", "1e3", "Infinity", "1,5,0"]) {
      expect(parseSecondsToMs(text), text).toBeNull();
    }
  });

  it("shows milliseconds as the seconds field's text", () => {
    expect(secondsText(20_000)).toBe("20");
    expect(secondsText(1_500)).toBe("1,5");
    expect(parseSecondsToMs(secondsText(1_500))).toBe(1_500);
    expect(secondsText(Number.NaN)).toBe("");
  });

  it("starts a new monitor at the installation's default, never faster than its platform's", () => {
    expect(startingInterval(20_000, 60)).toBe(60_000);
    expect(startingInterval(75_000, 60)).toBe(75_000);
    expect(startingInterval(20_000, undefined)).toBe(20_000);
  });
});
