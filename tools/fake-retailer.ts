/**
 * A local stand-in retailer that speaks the platforms' formats (the shapes in docs/platforms.md, as the
 * adapters' fixtures use them) with stock you can flip. Tests import it; `tsx tools/fake-retailer.ts
 * --port 7001` runs it alone. Point the engine at it with MONITOR_REDIRECT.
 *
 * Control API (JSON):
 *   POST /__control {product, status?, sizes?, allSizes?, price?, currency?, name?, block?, colours?,
 *     zaraShape?}   one product
 *   POST /__control {block: "off" | "403" | "challenge" | "timeout" | "malformed" | "drip" | "js-challenge",
 *     delayMs?, dripMs?, pagePadBytes?}  every product ("drip": headers, then one body byte every dripMs,
 *     never the end; pagePadBytes: markup added to every HTML page, jsonPadBytes: a description in
 *     every JSON answer, for answers of real sizes); a product's own delayMs slows only its answers
 *   POST /__control/expire-passes  the js-challenge passes issued so far stop working
 *   POST /__control/vinted {member, holiday?, era?, items?: [{id, title, price, currency?, reserved?}]}
 *   POST /__control/catalog, /__control/collection  Vinted catalogue items, Shopify collections
 *     (tools/fake-search.ts: `/api/v2/catalog/items`, `/products.json`, `/collections/<h>/products.json`)
 *   GET  /__stats  → {requests, inFlight, maxInFlight, healthy}; POST /__stats/reset
 *
 * Formats: Shopify `/products/<id>.js` and `/products/<id>` (JSON-LD page); Zara
 * `/pt/pt/<slug>-p<ref>.html?v1=<id>` (window.zara payload) and
 * `/api/storefront/1/stores/<store>/products/id/<id>` (zaraShape "dataLayer": the payload written as
 * `window.zara.dataLayer` under `productGroups[0].products`, then `viewPayload = window.zara.dataLayer`;
 * "json-ld": no payload, only the JSON-LD ProductGroup);
 * AliExpress `/h5/mtop.aliexpress.pdp.pc.query/1.0/` (signed, in the product's currency);
 * Pop Mart `POST /rpc/ec/spu/public_FindOne` with `skus[].stock.onlineStock` and `currency`;
 * Shopify with `colours`: one variant per colour and size, options Color and Size, `sizes` naming the
 * buyable ones "Colour / Size"; generic `/jsonld/<id>.html`; SFRA (Havaianas,
 * Calzedonia) `/pt/pt/<slug>/<id>-<COLOUR>.html` and its `Product-Variation?pid=<id>` answer in the
 * real shape where every size says `selectable: false` and `orderable`/`inStock` tell; Vinted `/` (sets
 * access_token_web), `/api/v2/users/<id>`, `/api/v2/wardrobe/<id>/items` (401 without the cookie), items in the
 * member's era: "current" (boolean flags, price {amount, currency_code}), "older" (flags 0/1, price
 * "4,00 €" with price_numeric) or "2025" (only is_visible).
 */
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import currencyCodes from "currency-codes";
import { FakeSearches, shopifyListed } from "./fake-search.js";

/**
 * "challenge": Cloudflare's managed challenge page, with its 403.
 * "drip": 200 and headers at once, then one body byte every `dripMs`, never the whole body.
 * "js-challenge": only a browser passes. A request without a valid pass cookie gets 403 and a page
 * whose script computes a token from a nonce, stores it as the `sm_pass` cookie and reloads.
 */
export type BlockMode = "off" | "403" | "challenge" | "timeout" | "malformed" | "drip" | "js-challenge";

export interface FakeProduct {
  name: string;
  status: "in_stock" | "low_stock" | "out_of_stock";
  /** sizes that can be bought now */
  sizes: string[];
  /** every size the product has; defaults to S, M, L, XL plus the available ones */
  allSizes: string[];
  price: string;
  /** ISO code the formats that state one (SFRA, JSON-LD, Vinted) announce; EUR by default */
  currency: string;
  /** SFRA: the product says IN_STOCK (ATS 38) while no size is orderable, an answer at odds with itself */
  contradictory: boolean;
  /** Shopify: a Color option beside Size; `sizes` then names buyable variants "Colour / Size" */
  colours: string[];
  /**
   * Zara page: the payload as `window.zara.viewPayload = {…}`, under `window.zara.dataLayer`, or no
   * payload at all and only the JSON-LD `ProductGroup` (`hasVariant[]`, a `size` each)
   */
  zaraShape: "payload" | "dataLayer" | "json-ld";
  block: BlockMode;
  /** this product's answers wait this long (a slow host under drop-day load) */
  delayMs: number;
}

export interface FakeVintedItem {
  id: string;
  title: string;
  price: string;
  currency?: string;
  /** reserved for a buyer: listed by the wardrobe but not on sale */
  reserved?: boolean;
}

/** the item shapes Vinted has sent over the years (docs/platforms.md) */
export type VintedEra = "current" | "older" | "2025";

export interface FakeMember {
  login: string;
  holiday: boolean;
  era: VintedEra;
  items: FakeVintedItem[];
}

export interface ControlBody {
  product?: string;
  status?: FakeProduct["status"];
  sizes?: string[];
  allSizes?: string[];
  price?: string;
  currency?: string;
  contradictory?: boolean;
  colours?: string[];
  zaraShape?: FakeProduct["zaraShape"];
  name?: string;
  block?: BlockMode;
  delayMs?: number;
}

/** the work the challenge page's script does; the stand-in checks the result the same way */
export function challengeToken(nonce: string): string {
  let h = 2166136261;
  for (let r = 0; r < 1000; r++)
    for (let i = 0; i < nonce.length; i++) {
      h ^= nonce.charCodeAt(i);
      h = Math.imul(h, 16777619) >>> 0;
    }
  return h.toString(36);
}

function jsChallengePage(nonce: string): string {
  return `<!DOCTYPE html><html><head><title>Verificação do navegador</title></head><body><p>A verificar…</p>
<script>(function(){var n=${JSON.stringify(nonce)},h=2166136261;for(var r=0;r<1000;r++)for(var i=0;i<n.length;i++){h^=n.charCodeAt(i);h=Math.imul(h,16777619)>>>0;}
document.cookie="sm_pass="+n+"."+h.toString(36)+"; path=/; max-age=3600";location.reload();})();</script></body></html>`;
}

/**
 * The "js-challenge" gate on its own, for any stand-in host: a request without a pass it issued
 * gets 403 and the page whose script earns one (`sm_pass`, host-only, path /) and reloads.
 */
export class JsChallengeGate {
  /** nonces whose pass is valid; expire() forgets them */
  private readonly passes = new Set<string>();
  /** every pass refused, as a bot manager that has flagged the visitor: the challenge never ends */
  private refusing = false;
  /** challenge pages served and passes accepted */
  challenges = 0;
  passed = 0;

  /** true when the request carries a valid pass; otherwise answers it with the challenge */
  admit(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const m = /(?:^|;\s*)sm_pass=([0-9a-f]+)\.([0-9a-z]+)/.exec(req.headers.cookie ?? "");
    if (!this.refusing && m !== null && this.passes.has(m[1]) && challengeToken(m[1]) === m[2]) {
      this.passed++;
      return true;
    }
    const nonce = randomBytes(8).toString("hex");
    this.passes.add(nonce);
    this.challenges++;
    const body = jsChallengePage(nonce);
    res.writeHead(403, {
      "content-type": "text/html; charset=utf-8",
      "content-length": Buffer.byteLength(body),
      "cache-control": "no-store",
    });
    res.end(body);
    return false;
  }

  /** the passes issued so far stop working, as a bot manager's cookie expires */
  expire(): void {
    this.passes.clear();
  }

  /** while on, no pass is accepted, however fresh */
  refuse(on: boolean): void {
    this.refusing = on;
  }
}

const DEFAULT_SIZES = ["XS", "S", "M", "L", "XL"];
const CHALLENGE_PAGE =
  "<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><div id=cf-chl-widget></div>" +
  "<script>window._cf_chl_opt={}</script></body></html>";

/** a 64 × 64 blue square: every product's picture on the stand-in CDN */
const PRODUCT_PICTURE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAj0lEQVR4nO3PAQkAABDCQBMZ83ut2ccQQbgAm3xUU7zAG6Ca4gXeANUUL/AGqKZ4gTdANcULvAGqKV7gDVBN8QJvgGqKF3gDVFO8wBugmuIF3gDVFC/wBqimeIE3QDXFC7wBqile4A1QTfECb4Bqihd4A1RTvMAboJriBd4A1RQv8AaopniBN0A1xQu8Aao99c9RWht+vKEAAAAASUVORK5CYII=",
  "base64",
);

export class FakeRetailer {
  readonly products = new Map<string, FakeProduct>();
  readonly members = new Map<string, FakeMember>();
  /** Vinted catalogue searches and Shopify collections (tools/fake-search.ts) */
  readonly searches = new FakeSearches();
  globalBlock: BlockMode = "off";
  delayMs = 0;
  /** pause between two bytes of a dripping answer */
  dripMs = 2_000;
  /** markup added to every HTML product page, to serve pages of real sizes (300 KB–1.5 MB) */
  pagePadBytes = 0;
  /** requests for the benchmark's healthy products (b<n>, bench-p<n>) */
  healthyRequests = 0;
  /** a product description this long in every JSON answer, for answers of real sizes */
  jsonPadBytes = 0;
  private jsonPadding = "";
  private padding = "";
  private paddingFor = 0;
  requests = 0;
  inFlight = 0;
  maxInFlight = 0;
  readonly paths = new Map<string, number>();
  /** when set, every request's time and path (a host's requests per second, by its paths) */
  requestLog: { at: number; path: string }[] | null = null;
  /** js-challenge: the gate every product in that mode sits behind */
  readonly gate = new JsChallengeGate();
  /** extra HTML put in every Zara product page (sub-resources for the browser route's guard tests) */
  pageExtra = "";
  private server: http.Server | null = null;
  /** rendered bodies per product id, then per format; a change drops the product's entry */
  private readonly cache = new Map<string, Map<string, string>>();
  origin = "";

  /** adds or changes a product; status defaults to in_stock when sizes are given */
  setProduct(id: string, change: Omit<ControlBody, "product">): FakeProduct {
    const current = this.products.get(id);
    const sizes = change.sizes ?? current?.sizes ?? (change.status === "out_of_stock" ? [] : ["M"]);
    const status = change.status ?? (sizes.length > 0 ? "in_stock" : "out_of_stock");
    const product: FakeProduct = {
      name: change.name ?? current?.name ?? `Produto ${id}`,
      status,
      sizes: status === "out_of_stock" ? [] : sizes,
      allSizes: change.allSizes ?? current?.allSizes ?? [...new Set([...DEFAULT_SIZES, ...sizes])],
      price: change.price ?? current?.price ?? "29.95",
      currency: change.currency ?? current?.currency ?? "EUR",
      contradictory: change.contradictory ?? current?.contradictory ?? false,
      colours: change.colours ?? current?.colours ?? [],
      zaraShape: change.zaraShape ?? current?.zaraShape ?? "payload",
      block: change.block ?? current?.block ?? "off",
      delayMs: change.delayMs ?? current?.delayMs ?? 0,
    };
    this.products.set(id, product);
    this.cache.delete(id);
    return product;
  }

  setMember(id: string, change: Partial<FakeMember>): FakeMember {
    const current = this.members.get(id) ?? {
      login: `membro${id}`,
      holiday: false,
      era: "current" as VintedEra,
      items: [],
    };
    const member = { ...current, ...change };
    this.members.set(id, member);
    return member;
  }

  async listen(port = 0, host = "127.0.0.1"): Promise<string> {
    this.server = http.createServer((req, res) => this.handle(req, res));
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.server!.listen(port, host, resolve));
    const address = this.server.address() as AddressInfo;
    this.origin = `http://${host}:${address.port}`;
    return this.origin;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** the passes the browser earned stop working, as a bot manager's cookie expires */
  expirePasses(): void {
    this.gate.expire();
  }

  /** while on, the js-challenge accepts no pass: a browser solves it again and again, in vain */
  refusePasses(on = true): void {
    this.gate.refuse(on);
  }

  /** js-challenge pages served and passes accepted */
  get challenges(): number {
    return this.gate.challenges;
  }
  get passed(): number {
    return this.gate.passed;
  }

  resetStats(): void {
    this.requests = 0;
    this.maxInFlight = 0;
    this.paths.clear();
    this.requestLog = null;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname.startsWith("/__")) {
      this.control(req, res, url.pathname);
      return;
    }
    this.requests++;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    this.paths.set(url.pathname, (this.paths.get(url.pathname) ?? 0) + 1);
    this.requestLog?.push({ at: Date.now(), path: url.pathname });
    // the benchmark's healthy products are named b<n> (JSON) and bench-p<n> (pages)
    if (/\/products\/b\d|\/bench-p-?\d/.test(url.pathname)) this.healthyRequests++;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      this.inFlight--;
    };
    res.on("close", finish);
    res.on("finish", finish);
    const respond = () => this.route(req, res, url);
    if (this.delayMs > 0) setTimeout(respond, this.delayMs);
    else respond();
  }

  private send(
    res: http.ServerResponse,
    status: number,
    type: string,
    body: string,
    headers: Record<string, string> = {},
  ) {
    res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body), ...headers });
    res.end(body);
  }

  /** the answer a block mode gives instead of the product; null = answer normally */
  private blocked(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    mode: BlockMode,
    json: boolean,
  ): boolean {
    switch (mode) {
      case "js-challenge":
        return !this.gate.admit(req, res);
      case "403":
        this.send(
          res,
          403,
          "text/html",
          "<html><head><title>403 Forbidden</title></head><body>Access denied</body></html>",
        );
        return true;
      case "challenge":
        // Cloudflare's managed challenge: 403 and its "Just a moment..." page
        this.send(res, 403, "text/html", CHALLENGE_PAGE);
        return true;
      case "timeout":
        return true; // never answers
      case "drip":
        this.drip(res, json);
        return true;
      case "malformed":
        this.send(
          res,
          200,
          json ? "application/json" : "text/html",
          json ? '{"unexpected":true' : "<html><body>?</body></html>",
        );
        return true;
      default:
        return false;
    }
  }

  private jsonPad(): string {
    if (this.jsonPadding.length !== this.jsonPadBytes) {
      this.jsonPadding = "Algodão orgânico, corte largo. "
        .repeat(Math.ceil(this.jsonPadBytes / 31))
        .slice(0, this.jsonPadBytes);
    }
    return this.jsonPadding;
  }

  /** carousels of related products, as real pages carry, `pagePadBytes` long */
  private pad(): string {
    if (this.paddingFor !== this.pagePadBytes) {
      this.paddingFor = this.pagePadBytes;
      const item =
        '<div class="carousel__item"><a href="/produtos/outro-1234567"><img src="/i.jpg" alt="">' +
        '<span class="title">Outro produto</span><span class="price__value"><span class="integer">19' +
        '</span><span class="decimal">,99 €</span></span></a></div>';
      this.padding = item.repeat(Math.ceil(this.pagePadBytes / item.length));
    }
    return this.padding;
  }

  /** a slow answer that never ends: each byte comes before undici's gap timeouts would fire */
  private drip(res: http.ServerResponse, json: boolean) {
    res.writeHead(200, {
      "content-type": json ? "application/json" : "text/html",
      "content-length": 1_000_000,
    });
    res.write(json ? "{" : "<");
    const timer = setInterval(() => res.write(" "), this.dripMs);
    res.on("close", () => clearInterval(timer));
  }

  /** path patterns → handlers; the first match answers */
  private readonly routes: [
    RegExp,
    (req: http.IncomingMessage, res: http.ServerResponse, m: string[], url: URL) => void,
  ][] = [
    [/^\/$/, (req, res) => this.vintedHome(req, res)],
    // a product's picture on the shop's CDN ("Comprei" copies it into the new item's photo)
    [
      /^\/cdn\/shop\/files\/[\w-]+\.(?:jpg|png)$/,
      (_q, res) => {
        res.writeHead(200, { "content-type": "image/png", "content-length": PRODUCT_PICTURE.length });
        res.end(PRODUCT_PICTURE);
      },
    ],
    [
      /^\/redirect$/,
      (_q, res, _m, url) =>
        this.send(res, 302, "text/html", "", { location: url.searchParams.get("to") ?? "/" }),
    ],
    [
      /^\/echo$/,
      (req, res) =>
        this.send(res, 200, "application/json", JSON.stringify({ url: req.url, headers: req.headers })),
    ],
    [/^\/api\/v2\/users\/(\d+)$/, (req, res, m) => this.vintedUser(req, res, m[1])],
    [/^\/rpc\/ec\/spu\/public_FindOne$/, (req, res) => this.popmartFindOne(req, res)],
    [
      /^\/h5\/mtop\.aliexpress\.pdp\.pc\.query\/1\.0\/?$/,
      (req, res, _m, url) => this.aliexpressMtop(req, res, url),
    ],
    [/^\/api\/v2\/wardrobe\/(\d+)\/items$/, (req, res, m) => this.vintedWardrobe(req, res, m[1])],
    [/^\/api\/v2\/catalog\/items$/, (req, res, _m, url) => this.vintedCatalog(req, res, url)],
    [
      /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?(?:collections\/([^/]+)\/)?products\.json$/,
      (req, res, m) => this.shopifyProductsJson(req, res, m[1]),
    ],
    [
      /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?products\/([^/.]+)\.js$/,
      (req, res, m) => this.product(req, res, m[1], true, "shopify", shopifyJs),
    ],
    [
      /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?products\/([^/.]+)$/,
      (req, res, m) => this.product(req, res, m[1], false, "jsonld", jsonLdPage),
    ],
    [
      /^\/api\/storefront\/1\/stores\/\d+\/products\/id\/(\d+)$/,
      (req, res, m) => this.product(req, res, m[1], true, "zara-storefront", zaraStorefront),
    ],
    [
      /^\/[a-z]{2}\/[a-z]{2}\/.+-p\d{8}\.html$/,
      (req, res, _m, url) =>
        this.product(req, res, url.searchParams.get("v1") ?? "", false, "zara-page", zaraPage),
    ],
    [
      /^\/jsonld\/([^/.]+)\.html$/,
      (req, res, m) => this.product(req, res, m[1], false, "jsonld", jsonLdPage),
    ],
    // Worten's product pages ("/produtos/<slug>-<id>"), JSON-LD like the generic page
    [
      /^\/produtos\/.+-(\d{6,8})$/,
      (req, res, m) => this.product(req, res, m[1], false, "jsonld", jsonLdPage),
    ],
    [
      /^\/on\/demandware\.store\/Sites-[\w-]+-Site\/[a-z]{2}_[A-Z]{2}\/Product-Variation$/,
      (req, res, _m, url) =>
        this.product(req, res, url.searchParams.get("pid") ?? "", true, "sfra-variation", sfraVariation),
    ],
    [
      /^\/[a-z]{2}\/[a-z]{2}\/.+\/(\d{6,8})-[A-Z0-9_]+\.html$/,
      (req, res, m) => this.product(req, res, m[1], false, "sfra-page", sfraPage),
    ],
  ];

  private route(req: http.IncomingMessage, res: http.ServerResponse, url: URL): void {
    for (const [pattern, handler] of this.routes) {
      const m = pattern.exec(url.pathname);
      if (m) {
        handler(req, res, m, url);
        return;
      }
    }
    this.send(res, 404, "text/html", "<html><body>Página não encontrada</body></html>");
  }

  private product(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    id: string,
    json: boolean,
    format: string,
    render: (id: string, p: FakeProduct, origin: string) => string,
  ) {
    const product = this.products.get(id);
    if (this.blocked(req, res, this.globalBlock, json)) return;
    if (!product)
      return this.send(
        res,
        404,
        json ? "application/json" : "text/html",
        json ? '{"error":"not found"}' : "Não encontrado",
      );
    if (this.blocked(req, res, product.block, json)) return;
    let bodies = this.cache.get(id);
    if (!bodies) {
      bodies = new Map();
      this.cache.set(id, bodies);
    }
    let body = bodies.get(format);
    if (body === undefined) {
      body = render(id, product, this.origin);
      bodies.set(format, body);
    }
    if (!json && this.pagePadBytes > 0) body = body.replace("</body>", `${this.pad()}</body>`);
    if (json && this.jsonPadBytes > 0 && body.startsWith("{"))
      body = `{"description":"${this.jsonPad()}",${body.slice(1)}`;
    if (format === "zara-page" && this.pageExtra) body = body.replace("</body>", `${this.pageExtra}</body>`);
    const answer = body;
    const type = json ? "application/json; charset=utf-8" : "text/html; charset=utf-8";
    if (product.delayMs > 0) setTimeout(() => this.send(res, 200, type, answer), product.delayMs);
    else this.send(res, 200, type, answer);
  }

  /** Pop Mart's oRPC FindOne: the product id comes in the POST body `{json: {id}}` */
  private popmartFindOne(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      let id = "";
      try {
        id = String(JSON.parse(raw)?.json?.id ?? "");
      } catch {
        // an unreadable body finds no product
      }
      this.product(req, res, id, true, "popmart-findone", popmartFindOne);
    });
  }

  /**
   * AliExpress's signed MTOP call: a call signed without the token gets FAIL_SYS_TOKEN_EMPTY and the
   * `_m_h5_tk` cookie, a call signed with it (md5 of token&t&appKey&data) gets the product.
   */
  private aliexpressMtop(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const q = url.searchParams;
    const data = q.get("data") ?? "";
    const sign = (token: string) =>
      createHash("md5")
        .update(`${token}&${q.get("t")}&${q.get("appKey")}&${data}`)
        .digest("hex");
    if (q.get("sign") !== sign(MTOP_TOKEN)) {
      const body = `mtopjsonp1(${JSON.stringify({ api: q.get("api"), data: {}, ret: ["FAIL_SYS_TOKEN_EMPTY::令牌为空"], v: "1.0" })})`;
      return this.send(res, 200, "application/javascript", body, {
        "set-cookie": `_m_h5_tk=${MTOP_TOKEN}_${Date.now()}; Path=/; Domain=.aliexpress.com`,
      });
    }
    let id = "";
    try {
      id = String(JSON.parse(data).productId ?? "");
    } catch {
      // an unreadable data parameter finds no product
    }
    this.product(req, res, id, true, "aliexpress-mtop", aliexpressMtop);
  }

  private vintedHome(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (this.blocked(req, res, this.globalBlock, false)) return;
    const token = Math.random().toString(36).slice(2);
    this.send(res, 200, "text/html", "<html><body>Vinted</body></html>", {
      "set-cookie": `access_token_web=${token}; Path=/; HttpOnly`,
    });
  }

  private hasSession(req: http.IncomingMessage): boolean {
    return /(?:^|;\s*)access_token_web=/.test(req.headers.cookie ?? "");
  }

  private vintedUser(req: http.IncomingMessage, res: http.ServerResponse, id: string) {
    if (this.blocked(req, res, this.globalBlock, true)) return;
    if (!this.hasSession(req))
      return this.send(
        res,
        401,
        "application/json",
        '{"code":100,"message_code":"invalid_authentication_token"}',
      );
    const member = this.members.get(id);
    if (!member) return this.send(res, 404, "application/json", '{"code":404}');
    this.send(
      res,
      200,
      "application/json",
      JSON.stringify({
        user: {
          id: Number(id),
          login: member.login,
          profile_url: `${this.origin}/member/${id}-${member.login}`,
          is_on_holiday: member.holiday,
          item_count: member.items.length,
          photo: { url: `https://images.vinted.net/${id}.jpg` },
        },
      }),
    );
  }

  private vintedWardrobe(req: http.IncomingMessage, res: http.ServerResponse, id: string) {
    if (this.blocked(req, res, this.globalBlock, true)) return;
    if (!this.hasSession(req)) return this.send(res, 401, "application/json", '{"code":100}');
    const member = this.members.get(id);
    if (!member) return this.send(res, 404, "application/json", '{"code":404}');
    const visible = member.holiday ? [] : member.items;
    this.send(
      res,
      200,
      "application/json",
      JSON.stringify({
        items: visible.map((item) => vintedItem(item, member, id)),
        pagination: { current_page: 1, total_pages: 1, total_entries: visible.length, per_page: 96 },
      }),
    );
  }

  private vintedCatalog(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    if (this.blocked(req, res, this.globalBlock, true)) return;
    if (!this.hasSession(req)) return this.send(res, 401, "application/json", '{"code":100}');
    this.send(res, 200, "application/json", this.searches.catalogAnswer(url.searchParams, this.origin));
  }

  /** a collection's (or the whole store's) products, newest first as the stand-in publishes them */
  private shopifyProductsJson(req: http.IncomingMessage, res: http.ServerResponse, handle?: string) {
    if (this.blocked(req, res, this.globalBlock, true)) return;
    const ids = handle ? this.searches.collections.get(handle) : [...this.searches.published.keys()];
    if (!ids) return this.send(res, 404, "text/html", "<html><body>Coleção não encontrada</body></html>");
    const listed = ids
      .map((id) => [id, this.products.get(id)] as const)
      .filter((pair): pair is readonly [string, FakeProduct] => pair[1] !== undefined)
      .map(([id, p]) => shopifyListed(id, p, this.searches.published.get(id) ?? 0, this.origin));
    this.send(res, 200, "application/json", JSON.stringify({ products: listed }));
  }

  private control(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    if (req.method === "GET" && path === "/__stats") {
      this.send(
        res,
        200,
        "application/json",
        JSON.stringify({
          requests: this.requests,
          inFlight: this.inFlight,
          maxInFlight: this.maxInFlight,
          healthy: this.healthyRequests,
        }),
      );
      return;
    }
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      try {
        const body = raw ? JSON.parse(raw) : {};
        if (path === "/__stats/reset") this.resetStats();
        else if (path === "/__control/expire-passes") this.expirePasses();
        else if (path === "/__control/vinted") this.setMember(String(body.member), body);
        else if (path === "/__control/catalog") this.searches.addCatalogItems(body.items ?? [], body.replace);
        else if (path === "/__control/collection")
          this.searches.setCollection(String(body.handle), (body.products ?? []).map(String));
        else if (path === "/__control/bulk")
          for (const p of body.products ?? []) this.setProduct(String(p.product), p);
        else if (path === "/__control" && body.product !== undefined)
          this.setProduct(String(body.product), body);
        else if (path === "/__control") {
          if (body.block) this.globalBlock = body.block;
          if (typeof body.delayMs === "number") this.delayMs = body.delayMs;
          if (typeof body.dripMs === "number") this.dripMs = body.dripMs;
          if (typeof body.pagePadBytes === "number") this.pagePadBytes = body.pagePadBytes;
          if (typeof body.jsonPadBytes === "number") this.jsonPadBytes = body.jsonPadBytes;
        } else return this.send(res, 404, "application/json", '{"message":"controlo desconhecido"}');
        this.send(res, 200, "application/json", '{"ok":true}');
      } catch (error) {
        this.send(res, 400, "application/json", JSON.stringify({ message: String(error) }));
      }
    });
  }
}

const CURRENCY_SIGNS: Record<string, string> = { EUR: "€", PLN: "zł", GBP: "£" };

/** one wardrobe item in the member's era */
function vintedItem(item: FakeVintedItem, member: FakeMember, memberId: string): Record<string, unknown> {
  const common = { id: Number(item.id), title: item.title, url: `https://www.vinted.pt/items/${item.id}` };
  const currency = item.currency ?? "EUR";
  if (member.era === "older") {
    return {
      ...common,
      price: `${item.price.replace(".", ",")} ${CURRENCY_SIGNS[currency] ?? currency}`,
      price_numeric: item.price,
      is_hidden: 0,
      is_reserved: item.reserved ? 1 : 0,
      is_closed: 0,
      is_draft: 0,
      brand: "Zara",
      size: "M",
      photos: [{ id: 1, is_main: true, url: `https://images1.vinted.net/t/${item.id}.jpeg` }],
    };
  }
  if (member.era === "2025") {
    return {
      ...common,
      price: { amount: item.price, currency_code: currency },
      is_visible: !item.reserved,
      brand_title: "Zara",
      size_title: "M",
      photo: { id: 7, url: `https://images1.vinted.net/t/${item.id}.jpeg`, is_main: true },
    };
  }
  return {
    ...common,
    price: { amount: item.price, currency_code: currency },
    size_title: "M",
    brand_title: "Zara",
    photos: [{ url: `https://images1.vinted.net/t/${item.id}.jpg`, is_main: true }],
    is_closed: false,
    is_reserved: item.reserved === true,
    is_hidden: false,
    item_closing_action: null,
    user: { id: Number(memberId), login: member.login },
  };
}

const cents = (price: string) => Math.round(Number(price) * 100);
/** Pop Mart's amounts are in the currency's minor unit (ISO 4217): 2255 yen is 2255, 29.95 € is 2995 */
const minorUnits = (price: string, currency: string) =>
  Math.round(Number(price) * 10 ** (currencyCodes.code(currency)?.digits ?? 2));
const variantId = (id: string, size: string, i: number) =>
  `${(Number.parseInt(id, 36) % 1e9) * 100 + i}${size.length}`;

function shopifyJs(id: string, p: FakeProduct, origin: string): string {
  return JSON.stringify({
    id: 7000000000000 + (Number.parseInt(id, 36) % 1e9),
    title: p.name,
    handle: id,
    available: p.sizes.length > 0,
    price: cents(p.price),
    compare_at_price: null,
    featured_image: `//${origin.replace(/^https?:\/\//, "")}/cdn/shop/files/${id}.jpg`,
    images: [`//${origin.replace(/^https?:\/\//, "")}/cdn/shop/files/${id}.jpg`],
    ...(p.colours.length > 0 ? colouredVariants(id, p) : sizeVariants(id, p)),
  });
}

function sizeVariants(id: string, p: FakeProduct) {
  return {
    options: [{ name: "Size", position: 1, values: p.allSizes }],
    variants: p.allSizes.map((size, i) => ({
      id: Number(variantId(id, size, i)),
      title: size,
      option1: size,
      price: cents(p.price),
      available: p.sizes.includes(size),
    })),
  };
}

/** several options, as real stores send them: each variant names a colour and a size */
function colouredVariants(id: string, p: FakeProduct) {
  const pairs = p.colours.flatMap((colour) => p.allSizes.map((size) => [colour, size] as const));
  return {
    options: [
      { name: "Color", position: 1, values: p.colours },
      { name: "Size", position: 2, values: p.allSizes },
    ],
    variants: pairs.map(([colour, size], i) => ({
      id: Number(variantId(id, `${colour}${size}`, i)),
      title: `${colour} / ${size}`,
      option1: colour,
      option2: size,
      option3: null,
      price: cents(p.price),
      available: p.sizes.includes(`${colour} / ${size}`),
    })),
  };
}

/**
 * Pop Mart's FindOne in the shape that carries live units per SKU (`skus[].stock.onlineStock`) and the
 * SKU's `currency`; each of `allSizes` is a SKU, the buyable ones with 1 unit when low, else 12.
 */
function popmartFindOne(id: string, p: FakeProduct): string {
  return JSON.stringify({
    json: {
      id,
      name_trans: { "en-us": p.name, pt: p.name },
      publish: true,
      show: true,
      saleStartAt: "2026-01-01T09:00:00.000Z",
      saleEndAt: null,
      currentTimestamp: Date.now(),
      mainImage: `https://prod-eurasian-res.popmart.com/default/${id}.jpg`,
      skus: p.allSizes.map((name, i) => ({
        id: `${id}${i + 1}`,
        name_trans: { "en-us": name, pt: name },
        price: minorUnits(p.price, p.currency),
        discountPrice: minorUnits(p.price, p.currency),
        currency: p.currency,
        stock: {
          onlineStock: p.sizes.includes(name) ? (p.status === "low_stock" ? 1 : 12) : 0,
          onlineLockStock: 0,
        },
      })),
      businessType: "shop",
      currency: p.currency,
    },
    meta: [],
  });
}

const MTOP_TOKEN = "f1e2d3c4b5a6978899aabbccddeeff00";

/**
 * The MTOP `pdp.pc.query` answer (JSONP) in the currency the store answers in, whatever was asked
 * (a real answer came in USD): one "Tamanho" property, a skuPath per size with `skuStock` (1 when
 * low, else 40, 0 when sold out) and the price per SKU in `PRICE.skuPriceInfoMap`.
 */
function aliexpressMtop(id: string, p: FakeProduct): string {
  const values = p.allSizes.map((name, i) => ({
    propertyValueId: 100 + i,
    propertyValueIdLong: 100 + i,
    propertyValueName: name,
    propertyValueDisplayName: name,
  }));
  const skuId = (i: number) => `${id}${String(i + 1).padStart(2, "0")}`;
  const amount = { currency: p.currency, value: Number(p.price), formatedAmount: `${p.currency} ${p.price}` };
  const result = {
    GLOBAL_DATA: { globalData: { productId: Number(id), currencyCode: p.currency, subject: p.name } },
    PRODUCT_TITLE: { text: p.name },
    HEADER_IMAGE_PC: { imagePathList: [`https://ae01.alicdn.com/kf/${id}.jpg`] },
    QUANTITY_PC: { totalAvailableInventory: p.sizes.length * 40, purchaseLimitNumMax: 99 },
    SKU: {
      skuProperties: [{ skuPropertyId: 5, skuPropertyName: "Tamanho", order: 1, skuPropertyValues: values }],
      skuPaths: p.allSizes.map((name, i) => ({
        skuIdStr: skuId(i),
        skuId: Number(skuId(i)),
        path: `5:${100 + i}`,
        skuAttr: `5:${100 + i}#${name}`,
        skuStock: p.sizes.includes(name) ? (p.status === "low_stock" ? 1 : 40) : 0,
        salable: true,
      })),
    },
    PRICE: {
      skuPriceInfoMap: Object.fromEntries(
        p.allSizes.map((_, i) => [skuId(i), { salePrice: amount, originalPrice: amount }]),
      ),
    },
  };
  return `mtopjsonp1(${JSON.stringify({ api: "mtop.aliexpress.pdp.pc.query", data: { result }, ret: ["SUCCESS::调用成功"], v: "1.0" })})`;
}

function zaraSizes(p: FakeProduct) {
  return p.allSizes.map((size, i) => ({
    name: size,
    sku: 500000000 + i,
    availability: p.sizes.includes(size)
      ? p.status === "low_stock"
        ? "low_on_stock"
        : "in_stock"
      : "out_of_stock",
    price: cents(p.price),
  }));
}

function zaraStorefront(id: string, p: FakeProduct): string {
  return JSON.stringify({
    id: Number(id),
    name: p.name,
    sizes: zaraSizes(p).map((s) => ({
      identifier: { sku: s.sku },
      nomenclature: { name: s.name },
      availability: s.availability,
      pricing: { price: { amount: s.price } },
    })),
    media: [{ url: `https://static.zara.net/photos/${id}.jpg` }],
  });
}

function zaraPage(id: string, p: FakeProduct, origin: string): string {
  if (p.zaraShape === "json-ld") return jsonLdPage(id, p, origin);
  const payload = {
    product: {
      id: Number(id),
      name: p.name,
      detail: {
        colors: [
          {
            productId: Number(id),
            name: "PRETO",
            price: cents(p.price),
            xmedia: [
              { kind: "full", extraInfo: { deliveryUrl: `https://static.zara.net/photos/${id}.jpg` } },
            ],
            sizes: zaraSizes(p),
          },
        ],
      },
    },
  };
  // some pages write the object under dataLayer, the product among productGroups[0].products
  const written =
    p.zaraShape === "dataLayer"
      ? `window.zara.dataLayer = ${JSON.stringify({ pageType: "product", productGroups: [{ type: "main", products: [payload.product] }] })};
window.zara.viewPayload = window.zara.dataLayer;`
      : `window.zara.viewPayload = ${JSON.stringify(payload)};`;
  return `<!DOCTYPE html><html><head><title>${p.name} | ZARA Portugal</title></head><body><script>
window.zara = window.zara || {};
window.zara.appConfig = {"storeId": 11000, "langId": -1, "locale": "pt_PT"};
${written}
</script></body></html>`;
}

function jsonLdPage(id: string, p: FakeProduct, origin: string): string {
  const product = {
    "@context": "https://schema.org",
    "@type": "ProductGroup",
    name: p.name,
    image: `${origin}/img/${id}.jpg`,
    productGroupID: id,
    hasVariant: p.allSizes.map((size) => ({
      "@type": "Product",
      name: `${p.name} - ${size}`,
      size,
      offers: {
        "@type": "Offer",
        price: p.price,
        priceCurrency: p.currency,
        availability: p.sizes.includes(size) ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      },
    })),
  };
  return `<!DOCTYPE html><html><head><title>${p.name}</title><script type="application/ld+json">${JSON.stringify(
    product,
  )}</script></head><body><h1>${p.name}</h1></body></html>`;
}

function sfraPage(id: string, p: FakeProduct): string {
  const variation = `/on/demandware.store/Sites-Havaianas_Europe-Site/pt_PT/Product-Variation?dwvar_${id}_color=BLACK&amp;pid=${id}&amp;quantity=1`;
  return `<!DOCTYPE html><html><head><title>${p.name}</title>
<link rel="stylesheet" href="/on/demandware.static/Sites-Havaianas_Europe-Site/-/pt_PT/v1/css/global.css"></head>
<body><h1>${p.name}</h1><button class="color-attribute" data-url="${variation}">Preto</button></body></html>`;
}

/**
 * The real shape that fooled the first parser: `selectable: false` on every size while the sizes say
 * `orderable`/`inStock` and the product `available`, `availability.status` and `ATS`.
 */
function sfraVariation(id: string, p: FakeProduct): string {
  const listed = p.contradictory || p.sizes.length > 0;
  const units = !listed ? 0 : p.status === "low_stock" ? 1 : 38;
  return JSON.stringify({
    action: "Product-Variation",
    product: {
      id,
      productName: p.name,
      productType: "variationGroup",
      price: {
        sales: {
          value: Number(p.price),
          currency: p.currency,
          formatted: `${p.price} ${p.currency}`,
          decimalPrice: p.price,
        },
      },
      images: { large: [{ url: `/dw/image/v2/${id}.jpg`, alt: p.name }] },
      available: listed,
      ATS: units,
      availability: {
        status: listed ? "IN_STOCK" : "NOT_AVAILABLE",
        messages: [listed ? "In Stock" : "Esgotado"],
        ...(p.status === "low_stock" ? { lowstock: { messages: ["1 - Low Stock"] } } : {}),
      },
      variationAttributes: [
        {
          attributeId: "color",
          id: "color",
          values: [{ id: "BLACK", value: "BLACK", displayValue: "Preto", selected: true, selectable: true }],
        },
        {
          attributeId: "size",
          id: "size",
          values: p.allSizes.map((size) => {
            const buyable = !p.contradictory && p.sizes.includes(size);
            return {
              id: size,
              value: size,
              displayValue: size,
              selected: false,
              selectable: false,
              orderable: buyable,
              inStock: buyable,
              ...(buyable && p.status === "low_stock" ? { availability: { lowstock: true, ATS: 1 } } : {}),
            };
          }),
        },
      ],
    },
  });
}

async function main() {
  const portArg = process.argv.indexOf("--port");
  const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 7001;
  const retailer = new FakeRetailer();
  const origin = await retailer.listen(port);
  console.log(`Loja de teste em ${origin} (controlo: POST ${origin}/__control)`);
  if (process.send) process.send({ origin });
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
