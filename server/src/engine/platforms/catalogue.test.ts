import { describe, expect, it } from "vitest";
import { msToSeconds, secondsToMs } from "@common/interval";
import { PlatformCatalogue, platformListSchema } from "@common/platforms";
import { CATALOGUE } from "./index";
import { REAL_URLS } from "./testing/platform-urls";

describe("productIdFromUrl", () => {
  it.each(REAL_URLS)("%s: %s → %s", (key, url, id) => {
    expect(CATALOGUE.urlBelongsTo(url, key)).toBe(true);
    expect(CATALOGUE.productIdFromUrl(key, url)).toBe(id);
  });

  it("reads an id from every catalogue sample URL, the expected one for the platforms known here", () => {
    const expected: Record<string, string> = {
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
      nudeproject: "classic-swimshort-green",
      anystore: "camisola-de-la",
    };
    for (const key of CATALOGUE.keys) {
      const id = CATALOGUE.productIdFromUrl(key, CATALOGUE.get(key)!.sampleUrl);
      // a platform added since: its own file's tests know its ids; here its sample must give one
      if (key in expected) expect(id, key).toBe(expected[key]);
      else expect(id, key).toMatch(/\S/);
    }
  });

  it("refuses another platform's URL", () => {
    expect(
      CATALOGUE.productIdFromUrl("zara", "https://www2.hm.com/pt_pt/productpage.1234567001.html"),
    ).toBeNull();
    expect(
      CATALOGUE.productIdFromUrl("hm", "https://www.zara.com/pt/pt/casaco-p12345678.html?v1=1"),
    ).toBeNull();
    expect(CATALOGUE.productIdFromUrl("vinted", "https://www.vinted.pt.evil.com/member/123")).toBeNull();
    expect(
      CATALOGUE.productIdFromUrl("nudeproject", "https://notnudeproject.com/products/hoodie"),
    ).toBeNull();
  });

  it("refuses garbage and pages that are not products", () => {
    for (const key of CATALOGUE.keys) {
      expect(CATALOGUE.productIdFromUrl(key, "")).toBeNull();
      expect(CATALOGUE.productIdFromUrl(key, "not a url")).toBeNull();
      expect(CATALOGUE.productIdFromUrl(key, "javascript:alert(1)")).toBeNull();
    }
    expect(CATALOGUE.productIdFromUrl("zara", "https://www.zara.com/pt/pt/mulher-l1000.html")).toBeNull();
    expect(CATALOGUE.productIdFromUrl("hm", "https://www2.hm.com/pt_pt/index.html")).toBeNull();
    expect(CATALOGUE.productIdFromUrl("aliexpress", "https://pt.aliexpress.com/store/123")).toBeNull();
    expect(CATALOGUE.productIdFromUrl("vinted", "https://www.vinted.pt/items/987-casaco")).toBeNull();
    expect(CATALOGUE.productIdFromUrl("worten", "https://www.worten.pt/search?query=ps5")).toBeNull();
    expect(CATALOGUE.productIdFromUrl("fnac", "https://www.fnac.pt/n1012948/Pokemon")).toBeNull();
    expect(CATALOGUE.productIdFromUrl("levis", "https://www.levi.com/PT/pt_PT/")).toBeNull();
    expect(CATALOGUE.productIdFromUrl("nudeproject", "https://nudeproject.com/collections/all")).toBeNull();
    expect(CATALOGUE.productIdFromUrl("popmart", "https://www.popmart.com/pt/products/")).toBeNull();
    expect(CATALOGUE.productIdFromUrl("calzedonia", "https://www.calzedonia.com/pt/")).toBeNull();
    expect(
      CATALOGUE.productIdFromUrl("havaianas", "https://www.havaianas-store.com/pt/?cCode=PT"),
    ).toBeNull();
  });
});

describe("urlBelongsToPlatform", () => {
  it("accepts the platform's hosts and their subdomains only", () => {
    expect(CATALOGUE.urlBelongsTo("https://zara.com/pt/pt/x-p12345678.html", "zara")).toBe(true);
    expect(CATALOGUE.urlBelongsTo("https://www.zara.com.evil.io/pt/pt/x-p12345678.html", "zara")).toBe(false);
    expect(CATALOGUE.urlBelongsTo("https://evilzara.com/x", "zara")).toBe(false);
    expect(CATALOGUE.urlBelongsTo("https://pt.aliexpress.com/item/1.html", "aliexpress")).toBe(true);
    expect(CATALOGUE.urlBelongsTo("https://www.tezenis.com/pt/product/x-AB12.html", "calzedonia")).toBe(true);
    expect(CATALOGUE.urlBelongsTo("https://www.vinted.de/member/1", "vinted")).toBe(true);
    // every Vinted country domain runs the same API: Polish, British, Lithuanian members too
    for (const host of [
      "www.vinted.pl",
      "www.vinted.co.uk",
      "www.vinted.lt",
      "www.vinted.cz",
      "www.vinted.se",
    ]) {
      expect(CATALOGUE.platformOfUrl(`https://${host}/member/12345678-ana`), host).toBe("vinted");
      expect(CATALOGUE.productIdFromUrl("vinted", `https://${host}/member/12345678-ana`)).toBe("12345678");
    }
    expect(CATALOGUE.urlBelongsTo("https://www.vinted.pl.evil.io/member/1", "vinted")).toBe(false);
    expect(CATALOGUE.urlBelongsTo("https://www.levi.com/PT/pt_PT/x/p/1", "fnac")).toBe(false);
  });

  it("refuses garbage", () => {
    expect(CATALOGUE.urlBelongsTo("", "zara")).toBe(false);
    expect(CATALOGUE.urlBelongsTo("zara.com", "zara")).toBe(false);
    expect(CATALOGUE.urlBelongsTo("http://", "zara")).toBe(false);
  });
});

describe("platformOfUrl", () => {
  it("names the platform of every real URL form and catalogue sample", () => {
    for (const [key, url] of REAL_URLS) expect(CATALOGUE.platformOfUrl(url), url).toBe(key);
    for (const key of CATALOGUE.keys)
      expect(CATALOGUE.platformOfUrl(CATALOGUE.get(key)!.sampleUrl), key).toBe(key);
  });

  it("reads the host: bare, www., other subdomains, any case, spaces around a paste", () => {
    expect(CATALOGUE.platformOfUrl("https://nudeproject.com/products/rebel-hoodie-black")).toBe(
      "nudeproject",
    );
    expect(CATALOGUE.platformOfUrl("https://www.nudeproject.com/products/rebel-hoodie-black")).toBe(
      "nudeproject",
    );
    expect(CATALOGUE.platformOfUrl("https://eu.nudeproject.com/products/x")).toBe("nudeproject");
    // the store's real host (every URL in its own products.json): Nude Project, not "Outra loja"
    expect(CATALOGUE.platformOfUrl("https://nude-project.com/products/classic-swimshort-green")).toBe(
      "nudeproject",
    );
    expect(CATALOGUE.platformOfUrl("https://nude-project.com/collections/swimwear")).toBe("nudeproject");
    expect(CATALOGUE.platformOfUrl("https://WWW.ZARA.COM/pt/pt/casaco-p12345678.html")).toBe("zara");
    expect(CATALOGUE.platformOfUrl("  https://www2.hm.com/pt_pt/productpage.1234567001.html\n")).toBe("hm");
    expect(CATALOGUE.platformOfUrl("http://www.intimissimi.com/pt/product/x-AB12.html")).toBe("calzedonia");
    expect(CATALOGUE.platformOfUrl("https://www.vinted.it/member/1")).toBe("vinted");
    // any page of the site: which page it is, is the product form's concern
    expect(CATALOGUE.platformOfUrl("https://www.fnac.pt/")).toBe("fnac");
  });

  it("another site over https, a look-alike host included, is 'Outra loja', never the platform it imitates", () => {
    for (const url of [
      "https://www.zara.com.promo-pt.net/pt/pt/casaco-p12345678.html",
      "https://notnudeproject.com/products/hoodie",
      "https://nudeproject.com.evil.io/products/hoodie",
      "https://www.amazon.es/dp/B0C1234567",
    ]) {
      expect(CATALOGUE.platformOfUrl(url), url).toBe("anystore");
    }
  });

  it("answers null for http, an address, localhost and anything that is not an http(s) URL", () => {
    for (const url of [
      "http://www.amazon.es/dp/B0C1234567",
      "https://127.0.0.1/products/hoodie",
      "https://[::1]/products/hoodie",
      "https://localhost/products/hoodie",
      "https://intranet/products/hoodie",
      "nudeproject.com/products/hoodie",
      "ftp://nudeproject.com/products/hoodie",
      "javascript:alert(1)",
      "",
      "não é um URL",
    ]) {
      expect(CATALOGUE.platformOfUrl(url), url).toBeNull();
    }
  });

  it("is never ambiguous: no host of one platform is another's or a subdomain of it", () => {
    const hosts = CATALOGUE.list.flatMap((p) => p.hosts.map((host) => ({ key: p.key, host })));
    for (const a of hosts) {
      for (const b of hosts) {
        if (a.key === b.key) continue;
        expect(a.host === b.host || a.host.endsWith(`.${b.host}`), `${a.host} / ${b.host}`).toBe(false);
      }
    }
  });
});

describe("watchesProfile", () => {
  it("marks the platforms whose URL is a member's profile, and only them", () => {
    expect(CATALOGUE.keys.filter((key) => CATALOGUE.watchesProfile(key))).toEqual(["vinted"]);
    expect(CATALOGUE.watchesProfile("desconhecida")).toBe(false);
  });
});

describe("isBrowserCapable", () => {
  it("marks the platforms behind a bot manager, and only them", () => {
    expect(CATALOGUE.keys.filter((key) => CATALOGUE.isBrowserCapable(key)).sort()).toEqual([
      "aliexpress",
      "anystore",
      "fnac",
      "hm",
      "worten",
      "zara",
    ]);
    expect(CATALOGUE.isBrowserCapable("desconhecida")).toBe(false);
  });
});

describe("the catalogue's entries", () => {
  it("every default interval survives the form's seconds round trip", () => {
    for (const platform of CATALOGUE.list) {
      expect(secondsToMs(msToSeconds(platform.defaultInterval)), platform.key).toBe(platform.defaultInterval);
    }
  });
});

describe("the browser's catalogue", () => {
  it("built from the entries as JSON, reads every URL exactly as the server's", () => {
    const sent = JSON.parse(JSON.stringify(CATALOGUE.list));
    const browser = new PlatformCatalogue(platformListSchema.parse(sent));
    expect(browser.keys).toEqual(CATALOGUE.keys);
    const urls = [...REAL_URLS.map(([, url]) => url), ...CATALOGUE.list.map((p) => p.sampleUrl)];
    for (const url of urls) {
      const key = CATALOGUE.platformOfUrl(url);
      expect(browser.platformOfUrl(url), url).toBe(key);
      expect(browser.productIdFromUrl(key ?? "", url), url).toBe(CATALOGUE.productIdFromUrl(key ?? "", url));
    }
    expect(browser.configUrlProblem("levis", '{"stockUrl":"https://evil.example/x"}')).toBe(
      CATALOGUE.configUrlProblem("levis", '{"stockUrl":"https://evil.example/x"}'),
    );
  });
});

describe("the store's page of a product", () => {
  it("opens Zara by its product id on the pt/pt site and other stores at their home", () => {
    expect(
      CATALOGUE.pageUrl({ platform: "zara", productId: "02015602", url: "https://www.zara.com/x" }),
    ).toBe("https://www.zara.com/pt/pt/-p02015602.html");
    expect(
      CATALOGUE.pageUrl({ platform: "zara", productId: "abc", url: "https://www.zara.com/pt/pt/x" }),
    ).toBe("https://www.zara.com");
    expect(
      CATALOGUE.pageUrl({
        platform: "hm",
        productId: "1",
        url: "https://www2.hm.com/pt_pt/productpage.1.html",
      }),
    ).toBe("https://www2.hm.com");
    expect(CATALOGUE.pageUrl({ platform: "hm", productId: "1", url: "não é um URL" })).toBe("não é um URL");
  });
});
