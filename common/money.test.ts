import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addMoney,
  centsToDecimal,
  formatEur,
  isMoneyText,
  parseMoney,
  subtractMoney,
  toCents,
} from "./money.js";

describe("money", () => {
  it.each([
    ["12,50", "12.50"],
    ["12.50", "12.50"],
    [" 12 ", "12.00"],
    ["1.234,56", "1234.56"],
    ["1,234.56", "1234.56"],
    ["1 234,5", "1234.50"],
    ["12,345", "12.35"],
    ["12,344", "12.34"],
    ["-3,005", "-3.01"],
    ["0,1", "0.10"],
    ["5 €", "5.00"],
  ])("parses %j as %s", (input, expected) => {
    expect(parseMoney(input)).toBe(expected);
  });

  it.each(["", "abc", "1,2,3x", "--1", null, undefined, Number.NaN])("refuses %j", (input) => {
    expect(parseMoney(input as string)).toBeNull();
  });

  it("computes in integer cents", () => {
    expect(toCents("0.1") + toCents("0.2")).toBe(30n);
    expect(addMoney("0.10", "0.20")).toBe("0.30");
    expect(subtractMoney("100.00", "45.10", "4.90", "3.50")).toBe("46.50");
    expect(subtractMoney("1.00", "2.00")).toBe("-1.00");
    expect(centsToDecimal(-5n)).toBe("-0.05");
    expect(isMoneyText("12.50")).toBe(true);
    expect(isMoneyText("12,50")).toBe(false);
  });

  it("formats euro the pt-PT way", () => {
    expect(formatEur("1234.5").replace(/\s/g, " ")).toMatch(/^1\s?234,50 €$/);
    expect(formatEur(null).replace(/\s/g, " ")).toBe("0,00 €");
  });

  it("sums any amounts exactly", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e9, max: 1e9 }), { maxLength: 20 }), (cents) => {
        const texts = cents.map((c) => centsToDecimal(BigInt(c)));
        const expected = centsToDecimal(cents.reduce((s, c) => s + BigInt(c), 0n));
        expect(addMoney(...texts)).toBe(expected);
        expect(texts.map(toCents)).toEqual(cents.map(BigInt));
      }),
    );
  });
});
