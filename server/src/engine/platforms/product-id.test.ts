import { PLATFORM_KEYS, PLATFORMS, type PlatformKey, productIdFromUrl } from "@common/platforms";
import { REAL_URLS } from "@common/platform-urls.fixture";
import { describe, expect, it } from "vitest";
import { aliexpressItemId } from "./aliexpress";
import { parseCalzedoniaUrl } from "./calzedonia";
import { fnacArticleId } from "./fnac";
import { parseHavaianasUrl } from "./havaianas";
import { hmArticleCode } from "./hm";
import { levisRef } from "./levis";
import { popmartRef } from "./popmart";
import { shopifyProductRef } from "./shopify";
import { vintedMemberId } from "./vinted";
import { wortenProductId } from "./worten";
import { parseZaraUrl } from "./zara";

/** the id each adapter works with, read from a product's URL */
const ADAPTER_ID: Record<PlatformKey, (url: string) => string | null | undefined> = {
  zara: (url) => {
    const parsed = parseZaraUrl(url);
    return parsed?.v1 ?? parsed?.reference;
  },
  aliexpress: aliexpressItemId,
  popmart: (url) => popmartRef(url)?.id,
  hm: hmArticleCode,
  calzedonia: (url) => parseCalzedoniaUrl(url)?.pid,
  havaianas: (url) => parseHavaianasUrl(url)?.productId,
  vinted: vintedMemberId,
  worten: wortenProductId,
  fnac: fnacArticleId,
  levis: (url) => levisRef(url)?.code,
  nudeproject: (url) => shopifyProductRef(url)?.handle,
};

const SAMPLES: [PlatformKey, string][] = [
  ...PLATFORM_KEYS.map((key): [PlatformKey, string] => [key, PLATFORMS[key].sampleUrl]),
  ...REAL_URLS.map(([key, url]): [PlatformKey, string] => [key, url]),
];

describe("one product id per URL: the adapters read the catalogue's", () => {
  it.each(SAMPLES)("%s: %s", (key, url) => {
    const id = productIdFromUrl(key, url);
    expect(id).toMatch(/\S/);
    expect(ADAPTER_ID[key](url)).toBe(id);
  });
});
