import type { PlatformKey } from "@common/platforms";
import { describe, expect, it } from "vitest";
import { parseCalzedoniaUrl } from "./calzedonia";
import { parseHavaianasUrl } from "./havaianas";
import { CATALOGUE, getPlatform } from "./index";
import { REAL_URLS } from "./testing/platform-urls";
import { levisRef } from "./levis";
import { popmartRef } from "./popmart";
import { shopifyProductRef } from "./support/shopify";
import { parseZaraUrl } from "./zara";

/** the id read by the adapters that parse more of the URL than the id; the others use the record's */
const PARSER_ID: Partial<Record<PlatformKey, (url: string) => string | null | undefined>> = {
  zara: (url) => {
    const parsed = parseZaraUrl(url);
    return parsed?.v1 ?? parsed?.reference;
  },
  popmart: (url) => popmartRef(url)?.id,
  calzedonia: (url) => parseCalzedoniaUrl(url)?.pid,
  havaianas: (url) => parseHavaianasUrl(url)?.productId,
  levis: (url) => levisRef(url)?.code,
  nudeproject: (url) => shopifyProductRef(url)?.handle,
};

const SAMPLES: [PlatformKey, string][] = [
  ...CATALOGUE.keys.map((key): [PlatformKey, string] => [key, CATALOGUE.get(key)!.sampleUrl]),
  ...REAL_URLS.map(([key, url]): [PlatformKey, string] => [key, url]),
];

describe("one product id per URL: the adapters read the catalogue's", () => {
  it.each(SAMPLES)("%s: %s", (key, url) => {
    const id = CATALOGUE.productIdFromUrl(key, url);
    expect(id).toMatch(/\S/);
    const adapterId = PARSER_ID[key] ?? getPlatform(key)!.idFromUrl;
    expect(adapterId(url)).toBe(id);
  });
});
