import { describe, expect, it } from "vitest";
import { browserHeaders } from "./browser-headers";

const api = new URL("https://www.zara.com/api/storefront/1/stores/1/products/id/2");

describe("browserHeaders", () => {
  it("the api profile sends the JSON set with the origin as Referer", () => {
    expect(browserHeaders("api", api)).toMatchObject({
      accept: "application/json, text/plain, */*",
      "sec-fetch-mode": "cors",
      referer: "https://www.zara.com/",
    });
  });

  it("the page profile, no profile and a page-looking URL get the navigation set", () => {
    const page = new URL("https://www.zara.com/pt/pt/casaco-p02015602.html");
    for (const headers of [
      browserHeaders("page", api),
      browserHeaders(undefined, api),
      browserHeaders("api", page),
    ]) {
      expect(headers["sec-fetch-mode"]).toBe("navigate");
      expect(headers.referer).toBeUndefined();
    }
  });
});
