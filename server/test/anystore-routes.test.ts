import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckDetail } from "../../common/schemas/check-detail.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { addProduct, recordingEngine } from "./product-fixtures.js";

const FIXTURES = path.resolve(import.meta.dirname, "../src/engine/platforms/__fixtures__");
const read = (file: string) => readFileSync(path.join(FIXTURES, file), "utf8");

/** three stores that are none of the eleven platforms, and one page with nothing readable */
const SHOPIFY = "https://loja-shopify.example.pt";
const SFRA = "https://www.patagonia.jp";
const JSONLD = "https://www.casalisboa.pt";

function serve(req: { url?: string }): { type: string; body: string } | null {
  const url = req.url ?? "/";
  if (url === "/products/rebel-hoodie-black.js")
    return { type: "application/json", body: read("nudeproject/product-in-stock.json") };
  if (url === "/products/rebel-hoodie-black")
    return { type: "text/html", body: read("nudeproject/page.html") };
  if (url.startsWith("/product/")) return { type: "text/html", body: read("anystore/sfra-page.html") };
  if (url.includes("Product-Variation"))
    return { type: "application/json", body: read("real/sfra/patagonia-jp-variation-jpy.json") };
  if (url === "/candeeiro-lua") return { type: "text/html", body: read("anystore/microdata-in-stock.html") };
  if (url === "/camisola") return { type: "text/html", body: read("anystore/nothing-readable.html") };
  return null;
}

/** "Outra loja" through the preview and "Testar agora", over real HTTP via the MONITOR_REDIRECT stand-in */
describe.each(dbKinds())("'Outra loja' in the preview and 'Testar agora' (%s)", (kind) => {
  let server: Server;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const answer = serve(req);
      res.writeHead(answer ? 200 : 404, { "content-type": answer?.type ?? "text/html" });
      res.end(answer?.body ?? "<html><title>404</title></html>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp(kind, {
      engine: recordingEngine(),
      config: { monitorRedirect: new Map([SHOPIFY, SFRA, JSONLD].map((site) => [site, origin])) },
    });
    await t.createUser({ username: "rita", monitorLimit: 20 });
    cookie = await t.login("rita");
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const preview = (url: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/products/preview",
      payload: { platform: "anystore", url },
      headers: { cookie },
    });

  it("the preview says which reader matched and what it read: Shopify, SFRA, microdata", async () => {
    const shop = await preview(`${SHOPIFY}/products/rebel-hoodie-black`);
    expect(shop.statusCode, shop.body).toBe(200);
    expect(shop.json()).toMatchObject({ reader: "shopify-products-js", status: "in_stock", currency: "EUR" });
    const sfra = await preview(`${SFRA}/product/womens-stand-up-canvas-cropped-overalls/194187423926.html`);
    expect(sfra.json()).toMatchObject({
      reader: "sfra-product-variation",
      productId: "194187423926",
      price: "19800.00",
      currency: "JPY",
      sizes: ["0", "2", "4", "6", "8", "10"],
    });
    expect((await preview(`${JSONLD}/candeeiro-lua`)).json()).toMatchObject({
      reader: "microdata",
      name: "Candeeiro Lua",
      status: "in_stock",
    });
  });

  it("a page with nothing readable: a clear 422 in Portuguese, nothing saved", async () => {
    const res = await preview(`${JSONLD}/camisola`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/a página não tem dados de produto legíveis/);
  });

  it("a URL of one of the eleven is refused under 'Outra loja' with the platform to choose", async () => {
    const res = await preview("https://www.zara.com/pt/pt/casaco-p12345678.html");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe("O URL é da plataforma Zara: escolha-a em vez de Outra loja");
  });

  it("'Testar agora' names the reader and keeps the failure of an unreadable page without a status", async () => {
    const id = await addProduct(t, cookie, {
      platform: "anystore",
      url: `${JSONLD}/candeeiro-lua`,
      name: "Lua",
    });
    const ok = (
      await t.app.inject({ method: "POST", url: `/api/products/${id}/test`, headers: { cookie } })
    ).json() as CheckDetail;
    expect(ok).toMatchObject({
      ok: true,
      route: "microdata",
      status: "in_stock",
      price: "49.90",
      currency: "EUR",
    });
    const bad = await addProduct(t, cookie, {
      platform: "anystore",
      url: `${JSONLD}/camisola`,
      name: "Camisola",
    });
    const failed = (
      await t.app.inject({ method: "POST", url: `/api/products/${bad}/test`, headers: { cookie } })
    ).json() as CheckDetail;
    expect(failed).toMatchObject({ ok: false, status: null, failure: { reason: "unexpected" } });
    expect(failed.failure?.message).toMatch(/não tem dados de produto legíveis/);
    const list = (await t.app.inject({ method: "GET", url: "/api/products", headers: { cookie } })).json();
    expect(list.find((p: { id: number }) => p.id === bad)).toMatchObject({
      platform: "anystore",
      status: "unknown",
    });
  });
});
