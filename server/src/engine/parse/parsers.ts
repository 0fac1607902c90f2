import { parseAliExpressPage } from "../platforms/aliexpress.js";
import { parseFnacPage } from "../platforms/fnac.js";
import { parseHmPage } from "../platforms/hm.js";
import { parseJsonLdProduct } from "../platforms/support/jsonld.js";
import { parseWortenPage } from "../platforms/worten.js";
import { parseZaraPage } from "../platforms/zara.js";

/**
 * The pure parse functions of whole HTML pages, by name: what the parse pool may run in a worker.
 * Each takes the page first; the other arguments and the result must survive structured cloning.
 */
export const PAGE_PARSERS = {
  aliexpress: parseAliExpressPage,
  fnac: parseFnacPage,
  hm: parseHmPage,
  jsonld: parseJsonLdProduct,
  worten: parseWortenPage,
  zara: parseZaraPage,
} as const;

export type PageParsers = typeof PAGE_PARSERS;
export type PageParserName = keyof PageParsers;
