import { describe, expect, it } from "vitest";
import {
  matchesStatusFilter,
  platformPageUrl,
  productSizes,
  statusLabel,
  statusVariant,
} from "./product-display";

describe("product display rules", () => {
  it("labels statuses in Portuguese, with 'Perfil' for an unread vinted profile", () => {
    expect(statusLabel({ platform: "vinted", status: "unknown" })).toBe("Perfil");
    expect(statusLabel({ platform: "zara", status: "unknown" })).toBe("Desconhecido");
    expect(statusLabel({ platform: "vinted", status: "vinted_vacation" })).toBe("Férias");
    expect(statusLabel({ platform: "hm", status: "low_stock" })).toBe("Stock Baixo");
    expect(statusVariant("out_of_stock")).toBe("destructive");
  });

  it("opens Zara by its product id on the pt/pt site and other stores at their home", () => {
    expect(platformPageUrl({ platform: "zara", productId: "02015602", url: "https://www.zara.com/x" })).toBe(
      "https://www.zara.com/pt/pt/-p02015602.html",
    );
    expect(
      platformPageUrl({
        platform: "hm",
        productId: "1",
        url: "https://www2.hm.com/pt_pt/productpage.1.html",
      }),
    ).toBe("https://www2.hm.com");
  });

  it("counts low stock as in stock in the status filter and reads the sizes JSON", () => {
    expect(matchesStatusFilter({ status: "low_stock" }, "in_stock")).toBe(true);
    expect(matchesStatusFilter({ status: "vinted_active" }, "unknown")).toBe(false);
    expect(productSizes({ availableSizes: '["S","M"]' })).toEqual(["S", "M"]);
    expect(productSizes({ availableSizes: "não é json" })).toEqual([]);
  });
});
