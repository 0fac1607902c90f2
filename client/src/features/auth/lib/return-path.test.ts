import { describe, expect, it } from "vitest";
import { returnPath } from "./return-path";

describe("returnPath", () => {
  it("keeps a page of this app, with its query", () => {
    expect(returnPath("/monitor")).toBe("/monitor");
    expect(returnPath("/inventory", "?q=nike")).toBe("/inventory?q=nike");
    expect(returnPath("/")).toBe("/");
  });

  it("leads home from the login page and invite links", () => {
    expect(returnPath("/login")).toBe("/");
    expect(returnPath("/invite/abc")).toBe("/");
  });

  it("never leads to another site", () => {
    for (const path of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "evil",
      "",
      "/a\\b",
      "/\tx",
    ]) {
      expect(returnPath(path), path).toBe("/");
    }
    expect(returnPath("/monitor", "//evil.example")).toBe("/monitor");
  });
});
