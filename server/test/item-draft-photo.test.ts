import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../src/db/schema.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { addProduct } from "./product-fixtures.js";

/** a retailer's image host, on this machine: MONITOR_REDIRECT sends https://static.zara.net here */
async function imageHost() {
  const jpeg = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: "#c0392b" } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: "retalhista" } } })
    .toBuffer();
  const png = await sharp({ create: { width: 40, height: 40, channels: 4, background: "#0000" } })
    .png()
    .toBuffer();
  const held: { end(): void }[] = [];
  const server: Server = createServer((req, res) => {
    if (req.url === "/coat.jpg") return res.writeHead(200, { "content-type": "image/jpeg" }).end(jpeg);
    if (req.url === "/clear.png") return res.writeHead(200, { "content-type": "image/png" }).end(png);
    if (req.url === "/page.jpg") return res.writeHead(200, { "content-type": "text/html" }).end("<html>");
    if (req.url === "/broken.jpg")
      return res.writeHead(200, { "content-type": "image/jpeg" }).end("not an image");
    // 9 MB, past the 8 MB cap: the exchange stops reading
    if (req.url === "/huge.jpg") {
      res.writeHead(200, { "content-type": "image/jpeg" });
      return res.end(Buffer.alloc(9 * 1024 * 1024, 1));
    }
    // headers and then nothing: the total deadline ends it
    if (req.url === "/slow.jpg") {
      res.writeHead(200, { "content-type": "image/jpeg" });
      res.write(jpeg.subarray(0, 100));
      held.push(res);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => {
      for (const res of held) res.end();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** "Comprei" copies the monitor's picture into the new item's photo, fetched safely or not at all */
describe.each(dbKinds())("the photo of an item bought from a monitor (%s)", (kind) => {
  let t: TestApp;
  let host: Awaited<ReturnType<typeof imageHost>>;
  let ana: string;
  let rui: string;
  let coat: number;

  const get = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
  const withImage = (imageUrl: string | null) =>
    t.database.db.update(products).set({ imageUrl }).where(eq(products.id, coat));
  const photoOf = async (imageUrl: string | null) => {
    await withImage(imageUrl);
    const res = await get(ana, `/api/inventory/draft/photo?product=${coat}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().image as string | null;
  };

  beforeAll(async () => {
    host = await imageHost();
    t = await createTestApp(kind, {
      config: {
        monitorRedirect: new Map([["https://static.zara.net", host.origin]]),
        previewTimeoutMs: 1000,
      },
    });
    await t.createUser({ username: "ana", monitorLimit: 10 });
    await t.createUser({ username: "rui" });
    ana = await t.login("ana");
    rui = await t.login("rui");
    coat = await addProduct(t, ana, {
      platform: "zara",
      url: "https://www.zara.com/pt/pt/casaco-comprido-la-p02015602.html",
      name: "Casaco comprido de lã",
    });
  });
  afterAll(async () => {
    await t.close();
    await host.close();
  });

  it("copies the monitor's picture, shrunk and without its metadata, and the item keeps it", async () => {
    const image = await photoOf("https://static.zara.net/coat.jpg");
    expect(image).toMatch(/^data:image\/jpeg;base64,/);
    const bytes = Buffer.from((image as string).split(",")[1], "base64");
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([2048, 1024, undefined]);

    const created = await t.app.inject({
      method: "POST",
      url: "/api/inventory",
      headers: { cookie: ana },
      payload: { name: "Casaco comprido de lã", price: "89,95", image, sourceProductId: coat },
    });
    expect(created.statusCode, created.body).toBe(201);
    const photo = await get(ana, created.json().image);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/jpeg");
  });

  it("keeps a transparent picture transparent (WebP)", async () => {
    expect(await photoOf("https://static.zara.net/clear.png")).toMatch(/^data:image\/webp;base64,/);
  });

  it("takes a search match's own picture", async () => {
    const search = await addProduct(t, ana, {
      platform: "vinted",
      url: "https://www.vinted.pt/catalog?search_text=casaco&order=newest_first",
      name: "Casacos na Vinted",
    });
    const match = { id: "77", title: "Casaco", price: "20.00", url: "https://www.vinted.pt/items/77" };
    await t.database.db
      .update(products)
      .set({
        imageUrl: "https://static.zara.net/huge.jpg",
        latestMatches: [{ ...match, imageUrl: "https://static.zara.net/clear.png" }],
      })
      .where(eq(products.id, search));
    const res = await get(ana, `/api/inventory/draft/photo?product=${search}&match=77`);
    expect(res.json().image).toMatch(/^data:image\/webp;base64,/);
  });

  it("answers no photo, quickly, when the picture cannot be had", async () => {
    const started = Date.now();
    expect(await photoOf(null)).toBeNull();
    expect(await photoOf("https://static.zara.net/missing.jpg")).toBeNull();
    expect(await photoOf("https://static.zara.net/page.jpg")).toBeNull();
    expect(await photoOf("https://static.zara.net/broken.jpg")).toBeNull();
    expect(await photoOf("https://static.zara.net/huge.jpg")).toBeNull();
    // PREVIEW_TIMEOUT_MS (1 s here) is the whole exchange's deadline
    expect(await photoOf("https://static.zara.net/slow.jpg")).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("never fetches a private address, whatever the monitor holds", async () => {
    // the same host that served the coat, named by its loopback address: the address guard refuses it
    expect(await photoOf(`${host.origin}/coat.jpg`)).toBeNull();
    expect(await photoOf("file:///etc/passwd")).toBeNull();
  });

  it("refuses another user's monitor and a malformed id in Portuguese", async () => {
    await withImage("https://static.zara.net/coat.jpg");
    const other = await get(rui, `/api/inventory/draft/photo?product=${coat}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("Produto não encontrado");
    const malformed = await get(ana, "/api/inventory/draft/photo?product=-1");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/Monitor inválido/);
  });
});
