import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalText, priceFromCents } from "./money";

describe("priceFromCents", () => {
  it("converts integer cents exactly", () => {
    expect(priceFromCents(2995)).toBe("29.95");
    expect(priceFromCents("129999")).toBe("1299.99");
    expect(priceFromCents(5)).toBe("0.05");
    expect(priceFromCents(0)).toBe("0.00");
    expect(priceFromCents(100)).toBe("1.00");
  });

  it("refuses what is not whole cents", () => {
    for (const bad of [12.5, -1, "12.50", "", null, undefined, Number.NaN, "1e3"])
      expect(priceFromCents(bad)).toBeNull();
  });

  it("round-trips any amount of cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        const text = priceFromCents(cents)!;
        expect(text).toMatch(/^\d+\.\d{2}$/);
        expect(BigInt(text.replace(".", ""))).toBe(BigInt(cents));
      }),
    );
  });
});

describe("decimalText", () => {
  it("reads decimals in every form retailers send", () => {
    expect(decimalText(119.95)).toBe("119.95");
    expect(decimalText(17.99)).toBe("17.99");
    expect(decimalText(24)).toBe("24.00");
    expect(decimalText(0.1 + 0.2)).toBe("0.30");
    expect(decimalText("24.99")).toBe("24.99");
    expect(decimalText("24,99")).toBe("24.99");
    expect(decimalText("€12,34")).toBe("12.34");
    expect(decimalText("1.299,99 €")).toBe("1299.99");
    expect(decimalText("1,299.99")).toBe("1299.99");
    expect(decimalText("1.299")).toBe("1299.00");
    expect(decimalText("12.5")).toBe("12.50");
    expect(decimalText("12.345")).toBe("12345.00");
    expect(decimalText(12.345)).toBe("12.35");
  });

  it("refuses what is not an amount", () => {
    for (const bad of ["", "grátis", null, undefined, -3, Number.POSITIVE_INFINITY, {}])
      expect(decimalText(bad)).toBeNull();
  });

  it("keeps two-decimal amounts exact whatever their float form", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        const expected = priceFromCents(cents);
        expect(decimalText(cents / 100)).toBe(expected);
        expect(decimalText(expected!.replace(".", ","))).toBe(expected);
      }),
    );
  });
});
