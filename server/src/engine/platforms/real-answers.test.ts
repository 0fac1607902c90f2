/**
 * Every captured real answer in __fixtures__/real/ (README there: where each came from) served by the
 * local stand-in to its registered adapter, so through the verdict gate, and checked against the
 * reading a person makes of it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { NO_CURRENCY } from "@common/money.js";
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

/** a Zara product page whose `window.zara.viewPayload` holds the captured product object */
const zaraPage = (product: string) =>
  html(`<html><body><script>window.zara.viewPayload = {"product": ${product}};</script></body></html>`);

/**
 * a Fnac page holding the captured CEDDL block where the capturer read it: the page's
 * `<script id="digitalData">`, whose text it parsed as JSON
 */
const fnacPage = (digitalData: string) =>
  html(`<html><body><script type="application/json" id="digitalData">${digitalData}</script></body></html>`);

/** Nude Project's products.json as it was saved: the `products` list alone */
const nudeProducts = JSON.parse(real("nudeproject/products-2024-05-12.json")) as unknown[];

/** the captured 2020 Vinted item, with its `user`, as the member and wardrobe answers of /api/v2 */
const vintedItem = JSON.parse(real("vinted/item-2020-573167837-es.json")) as { user: unknown };

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
  {
    title:
      "Zara Spain 2024, the colour in the URL (Ciruela oscuro): S few left, XXL out of stock, 9,95 in cents",
    platform: "zara",
    url: "https://www.zara.com/es/es/camiseta-basica-slim-fit-p05584361.html?v1=316180328",
    serve: (req) =>
      req.path.startsWith("/es/es/") ? zaraPage(real("zara/product-2024-05584361-es.json")) : undefined,
    reads: {
      status: "in_stock",
      sizes: ["S", "M", "L", "XL"],
      price: "9.95",
      currency: "EUR",
      name: "CAMISETA BÁSICA SLIM FIT",
      source: "page-payload",
      allSizes: [
        { name: "S", available: true, lowStock: true },
        { name: "M", available: true },
        { name: "L", available: true },
        { name: "XL", available: true },
        { name: "XXL", available: false },
      ],
    },
    soldOut: ["XXL"],
  },
  {
    title: "Zara Spain 2024, the same answer read for the other colour (Negro): every size in stock",
    platform: "zara",
    url: "https://www.zara.com/es/es/camiseta-basica-slim-fit-p05584361.html?v1=315241755",
    serve: (req) =>
      req.path.startsWith("/es/es/") ? zaraPage(real("zara/product-2024-05584361-es.json")) : undefined,
    reads: { status: "in_stock", sizes: ["S", "M", "L", "XL", "XXL"], price: "9.95", currency: "EUR" },
    soldOut: [],
  },
  {
    title:
      "A Shopify store's product object (BORN, Spain): M at `available: false`, S and L buyable, 24,90 in hundredths, no currency stated (through 'Outra loja')",
    platform: "anystore",
    url: "https://bornlivingyoga.com/products/shirt-halia-zen-blue",
    serve: (req) =>
      req.path === "/products/shirt-halia-zen-blue.js"
        ? json(real("shopify/born-shirt-halia-zen-blue.json"))
        : undefined,
    reads: {
      status: "in_stock",
      sizes: ["S", "L"],
      price: "24.90",
      // the answer states amounts only and the page that would name the currency is not served:
      // a bare amount, never euros by guess
      currency: NO_CURRENCY,
      name: "Shirt Halia Zen Blue",
      source: "shopify-products-js",
      cartLinks: [
        { size: "S", url: "https://bornlivingyoga.com/cart/39246031585374:1" },
        { size: "L", url: "https://bornlivingyoga.com/cart/39246031650910:1" },
      ],
    },
    soldOut: ["M"],
  },
  {
    title:
      'Vinted Spain 2020, an item with 0/1 flags (visible, not hidden, reserved or closed), priced as "25,00 €"',
    platform: "vinted",
    url: "https://www.vinted.es/member/39462440-anaespinosa99",
    serve: (req) => {
      if (req.path === "/") return html("<html><body>Vinted</body></html>");
      if (req.path === "/api/v2/users/39462440") return json({ user: vintedItem.user });
      if (req.path.startsWith("/api/v2/wardrobe/39462440/items")) return json({ items: [vintedItem] });
      return undefined;
    },
    reads: {
      kind: "profile",
      status: "vinted_active",
      name: "anaespinosa99",
      items: [
        {
          id: "573167837",
          title: "Sandalias de verano color mostaza",
          price: "25.00",
          currency: "EUR",
          url: "https://www.vinted.es/femmes/sandales/573167837-sandalias-de-verano-color-mostaza",
          size: "38",
          brand: "Desconocida",
        },
      ],
    },
  },
  {
    title:
      "Vinted France 2021, a catalogue search's item (0/1 flags, ISO `currency`, `brand` as text) read as a search",
    platform: "vinted",
    url: "https://www.vinted.fr/catalog?catalog[]=221&brand_ids[]=53&color_ids[]=5",
    serve: (req) => {
      if (req.path === "/") return html("<html><body>Vinted</body></html>");
      if (req.path.startsWith("/api/v2/catalog/items"))
        return json({ items: [JSON.parse(real("vinted/catalog-2021-1101845357-fr.json"))] });
      return undefined;
    },
    reads: {
      kind: "search",
      status: "search_active",
      items: [
        {
          id: "1101845357",
          title: "#lot t-shirt taille S",
          price: "4.00",
          currency: "EUR",
          url: "https://www.vinted.fr/femmes/tee-shirts/1101845357-lot-t-shirt-taille-s",
          size: "S / 36 / 8",
          brand: "Nike",
          condition: "Bon état",
          publishedAt: "2021-05-10T20:28:39.000Z",
        },
      ],
    },
  },
  {
    title:
      "Nude Project's own store, 2024 (products.json saved outside Europe): a sold-out tee, two swim shorts with sizes out, a gift card priced 76.92 for 50€, so no euros assumed",
    platform: "nudeproject",
    url: "https://nude-project.com/",
    serve: (req) => (req.path.startsWith("/products.json") ? json({ products: nudeProducts }) : undefined),
    reads: {
      kind: "search",
      status: "search_active",
      source: "products-json",
      items: [
        {
          id: "8919309123908",
          title: "VIRGINITY TEE WHITE",
          price: "70.00",
          currency: NO_CURRENCY,
          url: "https://nude-project.com/products/virginity-tee-marshmallow",
          brand: "NUDE PROJECT",
          sizes: [],
          available: false,
          publishedAt: "2024-04-11T17:36:06.000Z",
        },
        {
          id: "8376810570052",
          title: "CLASSIC SWIMSHORTS MINT",
          price: "80.00",
          currency: NO_CURRENCY,
          url: "https://nude-project.com/products/classic-swimshort-green",
          sizes: ["XS", "S", "L", "XL"],
          available: true,
        },
        {
          id: "8376806998340",
          title: "CLASSIC SWIMSHORTS BABY BLUE",
          price: "80.00",
          url: "https://nude-project.com/products/classic-swimshort-blue",
          sizes: ["XS", "S"],
          available: true,
        },
        {
          id: "7187381125281",
          title: "GIFT CARD",
          price: "76.92",
          url: "https://nude-project.com/products/gift-card-1",
          currency: NO_CURRENCY,
          sizes: ["50€", "100€", "150€", "200€", "300€"],
          available: true,
        },
      ],
    },
  },
  {
    title:
      "H&M Germany, 2019: the older page (no __NEXT_DATA__) and the legacy availability answer for every colour; this colour's S-XXL codes are read, no price or size names claimed",
    platform: "hm",
    url: "https://www2.hm.com/de_de/productpage.0669091022.html",
    serve: (req) => {
      if (req.path === "/de_de/productpage.0669091022.html")
        return html(real("hm/page-2019-0669091022-de-head.html"));
      if (req.path === "/hmwebservices/service/product/de/availability/0669091.json")
        return json(real("hm/availability-2019-0669091-de.json"));
      return undefined;
    },
    reads: {
      status: "in_stock",
      sizes: ["002", "003", "004", "005", "006"],
      price: null,
      source: "legacy-availability (sem nomes de tamanhos)",
    },
    soldOut: [],
  },
  {
    title:
      "H&M Germany, 2019: a sneaker's legacy availability with one size in fewPieceLeft, read as low stock",
    platform: "hm",
    url: "https://www2.hm.com/de_de/productpage.0538358019.html",
    serve: (req) =>
      req.path === "/hmwebservices/service/product/de/availability/0538358.json"
        ? json(real("hm/availability-2019-0538358-de.json"))
        : undefined,
    reads: {
      status: "in_stock",
      sizes: ["004", "005", "006", "007", "008", "009", "010"],
      price: null,
      allSizes: [
        { name: "004", available: true },
        { name: "005", available: true, lowStock: true },
        { name: "006", available: true },
        { name: "007", available: true },
        { name: "008", available: true },
        { name: "009", available: true },
        { name: "010", available: true },
      ],
    },
    soldOut: [],
  },
  {
    title:
      "Levi's US, 2021: the GraphQL product answer of 505 Regular Fit (Medium Stonewash), three sizes inStock with units, 41.65 USD",
    platform: "levis",
    url: "https://www.levi.com/US/en_US/clothing/men/jeans/505-regular-fit-mens-jeans/p/005054891",
    serve: (req) =>
      req.method === "POST" && req.path === "/nextgen-webhooks/?operationName=product&locale=US-en_US"
        ? json(real("levis/product-2021-005054891-us.json"))
        : undefined,
    reads: {
      status: "in_stock",
      sizes: ["29W X 30L", "29W X 32L", "29W X 34L"],
      price: "41.65",
      currency: "USD",
      name: "505™ Regular Fit Men's Jeans",
      source: "graphql",
      imageUrl: "https://lsco.scene7.com/is/image/lsco/005054891-front-pdp?$qv_desktop_full$",
    },
    soldOut: [],
  },
  {
    title:
      "Worten, 2026: a TV's page as a price tracker reduced it (title, JSON-LD InStock at 1199.00 EUR, seller Worten), in stock",
    platform: "worten",
    url: "https://www.worten.pt/produtos/tv-tcl-85c7k-miniled-85-216-cm-4k-ultra-hd-smart-tv-8376601",
    serve: (req) =>
      req.path === "/produtos/tv-tcl-85c7k-miniled-85-216-cm-4k-ultra-hd-smart-tv-8376601"
        ? html(real("worten/page-2026-8376601-tcl-85c7k.html"))
        : undefined,
    reads: {
      status: "in_stock",
      sizes: [],
      price: "1199.00",
      currency: "EUR",
      name: 'TV TCL 85C7K (MiniLed - 85" - 216 cm - 4K Ultra HD - Smart TV)',
      source: "json-ld",
    },
  },
  {
    title:
      "Fnac France, 2024: the digital-data block of an iPhone 16 page, Fnac's new offer in stock beside a marketplace seller's like-new one; the product's price (1349.99), not the other seller's",
    platform: "fnac",
    url: "https://www.fnac.com/Apple-iPhone-16-6-1-5G-512-Go-Double-SIM-Noir/a19813597/w-4",
    serve: (req) =>
      req.path === "/Apple-iPhone-16-6-1-5G-512-Go-Double-SIM-Noir/a19813597/w-4"
        ? fnacPage(real("fnac/digitaldata-2024-19813597-fr-in-stock.json"))
        : undefined,
    reads: {
      status: "in_stock",
      sizes: [],
      price: "1349.99",
      currency: "EUR",
      source: "page-ceddl",
    },
  },
  {
    title:
      "Fnac France, 2024: an iPhone 16 Plus whose Fnac offer is 'Bientôt en stock' (out-of-stock, 198): out of stock at the product's 1499.99, the marketplace's like-new 1494.00 not taken for its price",
    platform: "fnac",
    url: "https://www.fnac.com/Apple-iPhone-16-Plus-6-7-5G-512-Go-Double-SIM-Noir/a19813461/w-4",
    serve: (req) =>
      req.path === "/Apple-iPhone-16-Plus-6-7-5G-512-Go-Double-SIM-Noir/a19813461/w-4"
        ? fnacPage(real("fnac/digitaldata-2024-19813461-fr-out-of-stock.json"))
        : undefined,
    reads: {
      status: "out_of_stock",
      sizes: [],
      price: "1499.99",
      currency: "EUR",
      source: "page-ceddl",
    },
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

describe("real answers that contradict themselves fail as 'formato inesperado'", () => {
  it("Worten, 2026: an outlet TV whose JSON-LD still says InStock while its buy box offers only availability alerts (add-to-cart--unavailability)", async () => {
    const url =
      "https://www.worten.pt/produtos/tv-tcl-85c7k-outlet-grade-a-miniled-85-216-cm-4k-ultra-hd-smart-tv-8751314";
    retailer = await startRetailer((req) =>
      req.path === new URL(url).pathname
        ? html(real("worten/page-2026-8751314-outlet-unavailable.html"))
        : undefined,
    );
    // a person reads it as not buyable, but the page says both: never "disponível", and not "esgotado" either
    await expect(getAdapter("worten")!.check(productCtx(retailer.client, url))).rejects.toMatchObject({
      reason: "unexpected",
      message: expect.stringMatching(/^Formato inesperado: sinais contraditórios/),
    });
  });
});
