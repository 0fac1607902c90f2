import { describe, expect, it } from "vitest";
import { assertPublicUrl, checkUrlShape, isPublicAddress } from "./address-guard.js";

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "10.0.0.1",
    "172.16.5.4",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "64:ff9b::7f00:1",
    "2002:7f00:1::",
    "ff02::1",
    // the reserved rest of the IPv6 space, some of which stacks still route to IPv4
    "::ffff:0:0:7f00:1",
    "::ffff:0:7f00:1",
    "::ffff:0:a00:1",
    "100::1",
    "2001:db8::1",
    "2001:2::1",
    "4000::1",
    "3fff::1",
  ])("refuses %s", (ip) => expect(isPublicAddress(ip)).toBe(false));

  it.each(["8.8.8.8", "151.101.1.69", "2a00:1450:4003:80a::200e", "::ffff:8.8.8.8"])("accepts %s", (ip) =>
    expect(isPublicAddress(ip)).toBe(true),
  );

  it("refuses text that is not an address", () => expect(isPublicAddress("localhost")).toBe(false));
});

describe("checkUrlShape", () => {
  it.each([
    "http://127.0.0.1/x",
    "http://[::1]/",
    "http://[::ffff:7f00:1]/",
    "http://[::ffff:0:0:7f00:1]/",
    "http://localhost:5000/",
    "http://db.internal/",
    "http://intranet/",
    "http://0x7f000001/",
    "http://2130706433/",
    "http://017700000001/",
    "file:///etc/passwd",
    "gopher://example.com/",
    "https://user:pw@example.com/",
  ])("refuses %s", (url) => expect(() => checkUrlShape(url)).toThrow());

  it("accepts a public https URL", () =>
    expect(checkUrlShape("https://discord.com/api/webhooks/1/abc").host).toBe("discord.com"));

  it("refuses http when https is required", () =>
    expect(() => checkUrlShape("http://discord.com/api/webhooks/1/a", { httpsOnly: true })).toThrow(/https/));
});

describe("assertPublicUrl", () => {
  it("refuses a name whose DNS answer points inside", async () => {
    await expect(
      assertPublicUrl("https://evil.example.com/", { resolve: async () => ["93.184.216.34", "127.0.0.1"] }),
    ).rejects.toThrow(/privado/);
    await expect(
      assertPublicUrl("https://evil.example.com/", { resolve: async () => ["::ffff:192.168.0.1"] }),
    ).rejects.toThrow(/privado/);
  });

  it("accepts a name whose every address is public", async () => {
    const { addresses } = await assertPublicUrl("https://shop.example.com/p", {
      resolve: async () => ["93.184.216.34"],
    });
    expect(addresses).toEqual(["93.184.216.34"]);
  });

  it("refuses a name that does not resolve", async () => {
    await expect(
      assertPublicUrl("https://nope.example.com/", {
        resolve: async () => {
          throw new Error("ENOTFOUND");
        },
      }),
    ).rejects.toThrow(/resolver/);
  });

  it("refuses IPv4-compatible IPv6 such as [::127.0.0.1]", () => {
    expect(isPublicAddress("::7f00:1")).toBe(false);
    expect(isPublicAddress("::a00:1")).toBe(false);
    expect(() => checkUrlShape("http://[::127.0.0.1]/")).toThrow(/privado/);
  });
});
