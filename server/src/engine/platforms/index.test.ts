import { PLATFORM_KEYS } from "@common/platforms";
import { describe, expect, it } from "vitest";
import { getAdapter } from "./index";

describe("adapter registry", () => {
  it("has an adapter for every catalogue platform and the generic ones, under its own key", () => {
    for (const key of [...PLATFORM_KEYS, "shopify", "jsonld"]) {
      expect(getAdapter(key)?.key, key).toBe(key);
    }
  });

  it("knows nothing else", () => {
    expect(getAdapter("amazon")).toBeUndefined();
    expect(getAdapter("toString")).toBeUndefined();
    expect(getAdapter("__proto__")).toBeUndefined();
  });
});
