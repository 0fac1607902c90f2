import { describe, expect, it } from "vitest";
import { createSaleSchema, updateSaleSchema } from "./schemas/sales.js";
import { canonicalPlatform } from "./sale-platforms.js";

describe("sale platforms", () => {
  it("gives known platforms one spelling and keeps other names", () => {
    expect(canonicalPlatform(" vinted ")).toBe("Vinted");
    expect(canonicalPlatform("EBAY")).toBe("eBay");
    expect(canonicalPlatform("Feira da Ladra")).toBe("Feira da Ladra");
  });

  it("the sale schemas store the one spelling", () => {
    const sale = createSaleSchema.parse({ inventoryItemId: 1, salePrice: "10", platform: "olx" });
    expect(sale.platform).toBe("OLX");
    expect(updateSaleSchema.parse({ platform: "wallapop" }).platform).toBe("Wallapop");
  });
});
