import { describe, expect, it } from "vitest";
import { DEFAULT_FEE_TERMS, feeFor, presetOn } from "./fee-presets.js";
import { SALE_PLATFORMS } from "./sale-platforms.js";

describe("fee presets", () => {
  it("works the fee out exactly and rounds once to the cent", () => {
    expect(feeFor({ percent: "5.00", fixedAmount: "0.70" }, "30.00")).toBe("2.20");
    expect(feeFor({ percent: "10.00", fixedAmount: "0.35" }, "33.33")).toBe("3.68"); // 3.333 + 0.35
    expect(feeFor({ percent: "12.00", fixedAmount: "0.00" }, "0.10")).toBe("0.01"); // 0.012
    expect(feeFor({ percent: "0.00", fixedAmount: "0.00" }, "99.99")).toBe("0.00");
  });

  it("picks the latest version from the day or before, per platform", () => {
    const versions = [
      { platform: "Vinted", validFrom: "2000-01-01", id: 1 },
      { platform: "Vinted", validFrom: "2026-11-20", id: 2 },
      { platform: "eBay", validFrom: "2026-11-25", id: 3 },
    ];
    expect(presetOn(versions, "Vinted", "2026-11-19")?.id).toBe(1);
    expect(presetOn(versions, "Vinted", "2026-11-20")?.id).toBe(2);
    expect(presetOn(versions, "Vinted", "2027-01-01")?.id).toBe(2);
    expect(presetOn(versions, "eBay", "2026-11-24")).toBeUndefined();
  });

  it("has default terms for every sale platform", () => {
    expect(Object.keys(DEFAULT_FEE_TERMS).sort()).toEqual([...SALE_PLATFORMS].sort());
  });
});
