import { describe, expect, it } from "vitest";
import {
  isBrowserCapable,
  PLATFORM_KEYS,
  PLATFORM_LIST,
  PLATFORMS,
  platformOfUrl,
  productIdFromUrl,
  urlBelongsToPlatform,
} from "./platforms";
import { REAL_URLS } from "./platform-urls.fixture";

describe("productIdFromUrl", () => {
  it.each(REAL_URLS)("%s: %s → %s", (key, url, id) => {
    expect(urlBelongsToPlatform(url, key)).toBe(true);
    expect(productIdFromUrl(key, url)).toBe(id);
  });

  it("reads the expected id from every catalogue sample URL", () => {
    const expected: Record<(typeof PLATFORM_KEYS)[number], string> = {
      zara: "364118231",
      aliexpress: "1005006123456789",
      popmart: "1991",
      hm: "1234567001",
      calzedonia: "MIP031",
      havaianas: "4000029",
      vinted: "12345678",
      worten: "7196053",
      fnac: "12345678",
      levis: "005010114",
      nudeproject: "rebel-hoodie-black",
    };
    for (const key of PLATFORM_KEYS) {
      expect(productIdFromUrl(key, PLATFORMS[key].sampleUrl), key).toBe(expected[key]);
    }
  });

  it("refuses another platform's URL", () => {
    expect(productIdFromUrl("zara", "https://www2.hm.com/pt_pt/productpage.1234567001.html")).toBeNull();
    expect(productIdFromUrl("hm", "https://www.zara.com/pt/pt/casaco-p12345678.html?v1=1")).toBeNull();
    expect(productIdFromUrl("vinted", "https://www.vinted.pt.evil.com/member/123")).toBeNull();
    expect(productIdFromUrl("nudeproject", "https://notnudeproject.com/products/hoodie")).toBeNull();
  });

  it("refuses garbage and pages that are not products", () => {
    for (const key of PLATFORM_KEYS) {
      expect(productIdFromUrl(key, "")).toBeNull();
      expect(productIdFromUrl(key, "not a url")).toBeNull();
      expect(productIdFromUrl(key, "javascript:alert(1)")).toBeNull();
    }
    expect(productIdFromUrl("zara", "https://www.zara.com/pt/pt/mulher-l1000.html")).toBeNull();
    expect(productIdFromUrl("hm", "https://www2.hm.com/pt_pt/index.html")).toBeNull();
    expect(productIdFromUrl("aliexpress", "https://pt.aliexpress.com/store/123")).toBeNull();
    expect(productIdFromUrl("vinted", "https://www.vinted.pt/items/987-casaco")).toBeNull();
    expect(productIdFromUrl("worten", "https://www.worten.pt/search?query=ps5")).toBeNull();
    expect(productIdFromUrl("fnac", "https://www.fnac.pt/n1012948/Pokemon")).toBeNull();
    expect(productIdFromUrl("levis", "https://www.levi.com/PT/pt_PT/")).toBeNull();
    expect(productIdFromUrl("nudeproject", "https://nudeproject.com/collections/all")).toBeNull();
    expect(productIdFromUrl("popmart", "https://www.popmart.com/pt/products/")).toBeNull();
    expect(productIdFromUrl("calzedonia", "https://www.calzedonia.com/pt/")).toBeNull();
    expect(productIdFromUrl("havaianas", "https://www.havaianas-store.com/pt/?cCode=PT")).toBeNull();
  });
});

describe("urlBelongsToPlatform", () => {
  it("accepts the platform's hosts and their subdomains only", () => {
    expect(urlBelongsToPlatform("https://zara.com/pt/pt/x-p12345678.html", "zara")).toBe(true);
    expect(urlBelongsToPlatform("https://www.zara.com.evil.io/pt/pt/x-p12345678.html", "zara")).toBe(false);
    expect(urlBelongsToPlatform("https://evilzara.com/x", "zara")).toBe(false);
    expect(urlBelongsToPlatform("https://pt.aliexpress.com/item/1.html", "aliexpress")).toBe(true);
    expect(urlBelongsToPlatform("https://www.tezenis.com/pt/product/x-AB12.html", "calzedonia")).toBe(true);
    expect(urlBelongsToPlatform("https://www.vinted.de/member/1", "vinted")).toBe(true);
    expect(urlBelongsToPlatform("https://www.levi.com/PT/pt_PT/x/p/1", "fnac")).toBe(false);
  });

  it("refuses garbage", () => {
    expect(urlBelongsToPlatform("", "zara")).toBe(false);
    expect(urlBelongsToPlatform("zara.com", "zara")).toBe(false);
    expect(urlBelongsToPlatform("http://", "zara")).toBe(false);
  });
});

describe("platformOfUrl", () => {
  it("names the platform of every real URL form and catalogue sample", () => {
    for (const [key, url] of REAL_URLS) expect(platformOfUrl(url), url).toBe(key);
    for (const key of PLATFORM_KEYS) expect(platformOfUrl(PLATFORMS[key].sampleUrl), key).toBe(key);
  });

  it("reads the host: bare, www., other subdomains, any case, spaces around a paste", () => {
    expect(platformOfUrl("https://nudeproject.com/products/rebel-hoodie-black")).toBe("nudeproject");
    expect(platformOfUrl("https://www.nudeproject.com/products/rebel-hoodie-black")).toBe("nudeproject");
    expect(platformOfUrl("https://eu.nudeproject.com/products/x")).toBe("nudeproject");
    expect(platformOfUrl("https://WWW.ZARA.COM/pt/pt/casaco-p12345678.html")).toBe("zara");
    expect(platformOfUrl("  https://www2.hm.com/pt_pt/productpage.1234567001.html\n")).toBe("hm");
    expect(platformOfUrl("http://www.intimissimi.com/pt/product/x-AB12.html")).toBe("calzedonia");
    expect(platformOfUrl("https://www.vinted.it/member/1")).toBe("vinted");
    // any page of the site: which page it is, is the product form's concern
    expect(platformOfUrl("https://www.fnac.pt/")).toBe("fnac");
  });

  it("answers null for another site, a look-alike host and anything that is not an http(s) URL", () => {
    for (const url of [
      "https://www.zara.com.promo-pt.net/pt/pt/casaco-p12345678.html",
      "https://notnudeproject.com/products/hoodie",
      "https://nudeproject.com.evil.io/products/hoodie",
      "https://www.amazon.es/dp/B0C1234567",
      "https://127.0.0.1/products/hoodie",
      "nudeproject.com/products/hoodie",
      "ftp://nudeproject.com/products/hoodie",
      "javascript:alert(1)",
      "",
      "não é um URL",
    ]) {
      expect(platformOfUrl(url), url).toBeNull();
    }
  });

  it("is never ambiguous: no host of one platform is another's or a subdomain of it", () => {
    const hosts = PLATFORM_LIST.flatMap((p) => p.hosts.map((host) => ({ key: p.key, host })));
    for (const a of hosts) {
      for (const b of hosts) {
        if (a.key === b.key) continue;
        expect(a.host === b.host || a.host.endsWith(`.${b.host}`), `${a.host} / ${b.host}`).toBe(false);
      }
    }
  });
});

describe("isBrowserCapable", () => {
  it("marks the platforms behind a bot manager, and only them", () => {
    expect(PLATFORM_KEYS.filter(isBrowserCapable).sort()).toEqual([
      "aliexpress",
      "fnac",
      "hm",
      "worten",
      "zara",
    ]);
    expect(isBrowserCapable("desconhecida")).toBe(false);
  });
});
