import { PLATFORM_KEYS, PLATFORMS, productIdFromUrl } from "@common/platforms";
import { describe, expect, it } from "vitest";
import { getAdapter, getPlatform, PLATFORM_MODULES } from "./index";

describe("adapter registry", () => {
  it("has an adapter for every catalogue platform and the generic ones, under its own key", () => {
    for (const key of [...PLATFORM_KEYS, "shopify", "jsonld"]) {
      expect(getAdapter(key)?.key, key).toBe(key);
    }
  });

  it("every platform the engine looks up answers through the verdict gate, not its bare check", () => {
    for (const module of PLATFORM_MODULES) {
      expect(getAdapter(module.key)?.check, module.key).not.toBe(module.check);
      expect(getPlatform(module.key)?.check, module.key).not.toBe(module.check);
    }
  });

  it("knows nothing else", () => {
    expect(getAdapter("amazon")).toBeUndefined();
    expect(getAdapter("toString")).toBeUndefined();
    expect(getAdapter("__proto__")).toBeUndefined();
    expect(getPlatform("shopify")).toBeUndefined();
    expect(getPlatform("__proto__")).toBeUndefined();
  });
});

describe("one record per platform", () => {
  it("every catalogue platform has exactly one module, and no module is outside the catalogue", () => {
    const keys = PLATFORM_MODULES.map((m) => m.key);
    expect([...keys].sort()).toEqual([...PLATFORM_KEYS].sort());
  });

  it.each(PLATFORM_KEYS)("%s: the record is the catalogue entry and reads its sample URL", (key) => {
    const record = getPlatform(key);
    expect(record).toMatchObject(PLATFORMS[key]);
    const sample = PLATFORMS[key].sampleUrl;
    expect(record?.idFromUrl(sample)).toMatch(/\S/);
    expect(record?.idFromUrl(sample)).toBe(productIdFromUrl(key, sample));
    expect(["api", "page"]).toContain(record?.headerProfile);
  });
});
