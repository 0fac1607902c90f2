import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inventoryItems, itemPhotos, sales } from "../src/db/schema.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

/** a real photo: 1200×800 JPEG of noise, so that its thumbnail is much smaller */
async function jpegDataUrl(width = 1200, height = 800): Promise<string> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
}

describe.each(dbKinds())("inventory editing and photos (%s)", (kind) => {
  let t: TestApp;
  let ana: string;
  let rui: string;
  let photo: string;

  const call = (
    cookie: string,
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { cookie }, payload });
  const addItem = async (cookie: string, payload: object) => {
    const res = await call(cookie, "POST", "/api/inventory", payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.createUser({ username: "ana" });
    await t.createUser({ username: "rui" });
    ana = await t.login("ana");
    rui = await t.login("rui");
    photo = await jpegDataUrl();
  });
  afterAll(() => t.close());

  it("keeps the photo apart: the list carries URLs, the photo and a thumbnail are served with cache headers", async () => {
    const item = await addItem(ana, { name: "Casaco", price: "30", image: photo });
    expect(item.image).toMatch(new RegExp(`^/api/inventory/${item.id}/photo\\?v=[0-9a-z]+$`));
    expect(item.thumbnail).toMatch(new RegExp(`^/api/inventory/${item.id}/photo/thumbnail\\?v=[0-9a-z]+$`));
    const list = await call(ana, "GET", "/api/inventory");
    expect(list.body).not.toContain("data:image");

    const full = await call(ana, "GET", item.image);
    expect(full.statusCode).toBe(200);
    expect(full.headers["content-type"]).toBe("image/jpeg");
    expect(full.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(full.rawPayload.equals(Buffer.from(photo.split(",")[1], "base64"))).toBe(true);

    const thumb = await call(ana, "GET", item.thumbnail);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers["content-type"]).toBe("image/webp");
    expect(thumb.headers["cache-control"]).toContain("private");
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(320);
    expect(thumb.rawPayload.length).toBeLessThan(full.rawPayload.length / 4);
  });

  it("serves a photo only to its owner's session", async () => {
    const item = await addItem(ana, { name: "Privado", price: "5", image: photo });
    expect((await t.app.inject({ method: "GET", url: item.image })).statusCode).toBe(401);
    const other = await call(rui, "GET", item.thumbnail);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("Foto não encontrada");
    const none = await addItem(ana, { name: "Sem foto", price: "5" });
    expect(none.image).toBeNull();
    expect((await call(ana, "GET", `/api/inventory/${none.id}/photo`)).statusCode).toBe(404);
  });

  it("refuses a data URL that is not a readable image, writing nothing", async () => {
    const before = (await call(ana, "GET", "/api/inventory")).json().length;
    const res = await call(ana, "POST", "/api/inventory", {
      name: "falsa",
      price: "1",
      image: "data:image/png;base64,AAAAAAAA",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({
      path: "image",
      message: expect.stringMatching(/Imagem inválida/),
    });
    expect((await call(ana, "GET", "/api/inventory")).json().length).toBe(before);
  });

  it("edits every field of an item, the photo and the purchase date included", async () => {
    const item = await addItem(ana, { name: "Velho", price: "10", image: photo });
    const res = await call(ana, "PATCH", `/api/inventory/${item.id}`, {
      name: "Novo",
      price: "12,5",
      shippingPrice: "2+1",
      sku: "SKU-1",
      size: "M",
      purchaseLocation: "Vinted",
      purchaseDate: "2026-10-03",
      notes: "nota",
      tags: ["inverno"],
      image: await jpegDataUrl(400, 400),
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json();
    expect(edited).toMatchObject({
      name: "Novo",
      price: "12.50",
      shippingPrice: "3.00",
      sku: "SKU-1",
      size: "M",
      purchaseLocation: "Vinted",
      notes: "nota",
      tags: ["inverno"],
      status: "in_stock",
    });
    expect(edited.purchaseDate.slice(0, 10)).toBe("2026-10-03");
    expect(edited.image).not.toBe(item.image);
    const meta = await sharp((await call(ana, "GET", edited.image)).rawPayload).metadata();
    expect(meta.width).toBe(400);

    const removed = (await call(ana, "PATCH", `/api/inventory/${item.id}`, { image: null })).json();
    expect(removed.image).toBeNull();
    expect(removed.name).toBe("Novo");
    const rows = await t.database.db.select().from(itemPhotos).where(eq(itemPhotos.itemId, item.id));
    expect(rows).toHaveLength(0);
  });

  it("a new cost recomputes the profit of the item's sale", async () => {
    const item = await addItem(ana, {
      name: "Vendido",
      price: "10",
      status: "sold",
      salePrice: "25",
      platform: "Vinted",
    });
    expect(item.sale.profit).toBe("15.00");
    const edited = (await call(ana, "PATCH", `/api/inventory/${item.id}`, { price: "12" })).json();
    expect(edited.sale.profit).toBe("13.00");
  });

  it("refuses bad edits in Portuguese and another user's item, changing nothing", async () => {
    const item = await addItem(ana, { name: "Intacto", price: "10" });
    for (const payload of [{ name: "" }, { price: "dez" }, { purchaseDate: "ontem" }, { image: "x" }]) {
      const res = await call(ana, "PATCH", `/api/inventory/${item.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json())).not.toMatch(/Required|Invalid input/);
    }
    const other = await call(rui, "PATCH", `/api/inventory/${item.id}`, { name: "Roubado" });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("Item não encontrado");
    const [row] = await t.database.db.select().from(inventoryItems).where(eq(inventoryItems.id, item.id));
    expect(row).toMatchObject({ name: "Intacto", price: "10.00" });
  });

  it("edits a sale: price, fees, date, buyer and platform, with the profit recomputed", async () => {
    const item = await addItem(ana, { name: "Camisola", price: "10", shippingPrice: "2" });
    const sold = await call(ana, "POST", "/api/sales", {
      inventoryItemId: item.id,
      salePrice: "30",
      platform: "OLX",
    });
    expect(sold.statusCode).toBe(201);
    const res = await call(ana, "PUT", `/api/sales/${sold.json().id}`, {
      salePrice: "40",
      fees: "3",
      saleDate: "2026-11-02",
      buyer: "Maria",
      platform: "Vinted",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      salePrice: "40.00",
      fees: "3.00",
      profit: "25.00",
      buyer: "Maria",
      platform: "Vinted",
    });
    expect(res.json().saleDate.slice(0, 10)).toBe("2026-11-02");
    const listed = (await call(ana, "GET", "/api/inventory"))
      .json()
      .find((i: { id: number }) => i.id === item.id);
    expect(listed.sale.profit).toBe("25.00");

    const bad = await call(ana, "PUT", `/api/sales/${sold.json().id}`, { salePrice: "-4" });
    expect(bad.statusCode).toBe(400);
    const other = await call(rui, "PUT", `/api/sales/${sold.json().id}`, { salePrice: "1" });
    expect(other.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(sales).where(eq(sales.id, sold.json().id));
    expect(row.salePrice).toBe("40.00");
  });
});
