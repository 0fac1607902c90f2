import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateExpression, evaluateOrKeep } from "./expression.js";

describe("evaluateExpression", () => {
  it.each([
    ["2+1,5", "3.50"],
    ["12,50", "12.50"],
    ["12.5", "12.50"],
    ["0,1+0,2", "0.30"],
    ["10-2*3", "4.00"],
    ["(10-2)*3", "24.00"],
    ["(10-2)/3", "2.67"],
    ["10/3*3", "10.00"],
    ["-5+2", "-3.00"],
    ["--5", "5.00"],
    [" 1 + 2 ", "3.00"],
    ["1,005", "1.01"],
    ["-1,005", "-1.01"],
    ["0,004", "0.00"],
    ["-0,004", "0.00"],
    [".5", "0.50"],
    ["5.", "5.00"],
    ["((((1))))", "1.00"],
    ["99999999999999999999*10", "999999999999999999990.00"],
  ])("%s = %s", (input, expected) => {
    expect(evaluateExpression(input)).toBe(expected);
  });

  it.each([
    "",
    "   ",
    "abc",
    "1+",
    "*2",
    "(1+2",
    "1+2)",
    "()",
    "1/0",
    "1/(2-2)",
    "1.2.3",
    "1,2,3",
    ".",
    "1e3",
    "alert(1)",
    "2**3",
    "constructor",
    "Math.PI",
    "0x10",
    `${"(".repeat(100)}1${")".repeat(100)}`,
    "1".repeat(201),
  ])("%j is not arithmetic", (input) => {
    expect(evaluateExpression(input)).toBeNull();
  });

  it("leaves invalid text as typed", () => {
    expect(evaluateOrKeep("abc")).toBe("abc");
    expect(evaluateOrKeep("3*2")).toBe("6.00");
  });

  it("never throws, on any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (input) => {
        const result = evaluateExpression(input);
        expect(result === null || /^-?\d+\.\d{2}$/.test(result)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws on strings made only of its own alphabet", () => {
    const alphabet = fc.constantFrom(..."0123456789+-*/.,() ".split(""));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 80 }), (chars) => {
        const result = evaluateExpression(chars.join(""));
        expect(result === null || /^-?\d+\.\d{2}$/.test(result)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("refuses anything with a letter or other symbol, so only arithmetic is evaluated", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string().filter((s) => /[^\d+\-*/.,()\s]/.test(s)),
        fc.string(),
        (before, foreign, after) => {
          expect(evaluateExpression(before + foreign + after)).toBeNull();
        },
      ),
    );
  });

  it("agrees with exact integer-cent arithmetic on sums of amounts", () => {
    const cents = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(fc.array(cents, { minLength: 1, maxLength: 6 }), (amounts) => {
        const text = amounts
          .map((c) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, "0")}`)
          .join("+");
        const total = amounts.reduce((s, c) => s + BigInt(c), 0n);
        expect(evaluateExpression(text)).toBe(`${total / 100n}.${String(total % 100n).padStart(2, "0")}`);
      }),
    );
  });
});
