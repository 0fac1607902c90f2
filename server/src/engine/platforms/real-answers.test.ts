/**
 * Every captured real answer in __fixtures__/real/ (README there: where each came from) served by the
 * local stand-in to its registered adapter, so through the verdict gate, and checked against the
 * reading a person makes of it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { getAdapter } from "./index";
import {
  fixture,
  type Handler,
  html,
  json,
  type LocalRetailer,
  productCtx,
  startRetailer,
} from "./testing/local-retailer";
import type { CheckResult } from "./types";

let retailer: LocalRetailer;
afterEach(() => retailer?.close());

const real = (name: string) => fixture("real", name);

interface RealCase {
  /** what the answer is, as a person would describe it */
  title: string;
  platform: string;
  url: string;
  serve: Handler;
  config?: Record<string, unknown>;
  variants?: string[];
  /** the reading: fields of the result */
  reads: Partial<CheckResult> & Record<string, unknown>;
  /** names of the sizes that are sold out, when the reading is about them */
  soldOut?: string[];
}

const CASES: RealCase[] = [
  {
    title: "AliExpress 2024 page, `data` unquoted: one SKU at 0 units is sold out, in Mexican pesos",
    platform: "aliexpress",
    url: "https://es.aliexpress.com/item/1005006485810735.html",
    serve: (req) =>
      req.path.startsWith("/item/")
        ? html(real("aliexpress/runparams-2024-1005006485810735.html"))
        : undefined,
    reads: { status: "out_of_stock", sizes: [], price: "48.15", currency: "MXN", source: "page-runparams" },
  },
  {
    title: "AliExpress 2024 page, 16 SKUs of colour × plug, four at 0 units",
    platform: "aliexpress",
    url: "https://es.aliexpress.com/item/1005005424987520.html",
    serve: (req) =>
      req.path.startsWith("/item/")
        ? html(real("aliexpress/runparams-2024-1005005424987520.html"))
        : undefined,
    reads: { status: "in_stock", currency: "MXN" },
    soldOut: ["5W-mic / American", "8W- cable / American", "5W- cable / American", "8W-mic / American"],
  },
  {
    title:
      "Patagonia Japan, an SFRA variant: selectable false on every size, orderable per size, yen (through 'Outra loja')",
    platform: "anystore",
    url: "https://www.patagonia.jp/product/womens-stand-up-canvas-cropped-overalls/194187423926.html",
    serve: (req) => {
      if (req.path.startsWith("/product/"))
        return html(
          `<link href="/on/demandware.static/Sites-patagonia-jp-Site/-/ja_JP/v1/css/global.css"><div data-pid="75095"></div>`,
        );
      if (req.path.includes("/Product-Variation?pid=194187423926"))
        return json(real("sfra/patagonia-jp-variation-jpy.json"));
      return undefined;
    },
    reads: { status: "in_stock", sizes: ["0", "2", "4", "6", "8"], price: "19800.00", currency: "JPY" },
    soldOut: ["10"],
  },
];

describe("real answers read as a person reads them", () => {
  for (const c of CASES) {
    it(c.title, async () => {
      retailer = await startRetailer(c.serve);
      const result = await getAdapter(c.platform)!.check(
        productCtx(retailer.client, c.url, { config: c.config, variants: c.variants }),
      );
      expect(result).toMatchObject(c.reads);
      if (c.soldOut && result.kind === "product") {
        expect(result.allSizes?.filter((s) => !s.available).map((s) => s.name)).toEqual(c.soldOut);
      }
    });
  }
});
