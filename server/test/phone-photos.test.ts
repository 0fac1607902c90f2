import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

const WIDTH = 4032;
const HEIGHT = 3024;
/** the stored top-left corner the test paints red, to see where it ends up */
const MARK = 1000;

/**
 * A photo as a phone writes it: 4032 × 3024 JPEG of ~6 MB, stored sideways with EXIF orientation 6
 * (turn 90° clockwise to show) and the GPS position where it was taken.
 */
async function phonePhoto(): Promise<Buffer> {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 1;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    raw[i] = (((i % (WIDTH * 3)) >> 5) + (seed >>> 29) * 6) & 255;
  }
  for (let y = 0; y < MARK; y++) {
    for (let x = 0; x < MARK; x++) raw.set([255, 0, 0], (y * WIDTH + x) * 3);
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 93 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "38/1 42/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "9/1 8/1 0/1",
      },
    })
    .toBuffer();
}

/** the EXIF tag 0x8825 (GPS IFD pointer), little-endian as sharp writes it */
const GPS_POINTER = Buffer.from([0x25, 0x88]);

const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString("base64")}`;

// Issue 28: a normal phone photo is accepted, turned upright, shrunk and rid of its location
describe.each(dbKinds())("phone photos (%s)", (kind) => {
  let t: TestApp;
  let cookie: string;
  let original: Buffer;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.createUser({ username: "ana" });
    cookie = await t.login("ana");
    original = await phonePhoto();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

  it("a 4032 × 3024 JPEG with EXIF orientation and GPS is stored upright at 2048 px, without EXIF", async () => {
    const header = await sharp(original).metadata();
    expect([header.width, header.height, header.orientation]).toEqual([WIDTH, HEIGHT, 6]);
    expect(header.exif?.includes(GPS_POINTER)).toBe(true);
    expect(original.length).toBeGreaterThan(5 * 1024 * 1024);

    const res = await t.app.inject({
      method: "POST",
      url: "/api/inventory",
      headers: { cookie },
      payload: { name: "Ténis do telemóvel", price: "29,95", image: dataUrl("image/jpeg", original) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json();

    const full = await get(item.image);
    expect(full.statusCode).toBe(200);
    expect(full.headers["content-type"]).toBe("image/jpeg");
    const stored = await sharp(full.rawPayload).metadata();
    // turned upright: the sideways 4032 × 3024 becomes a portrait whose long side is 2048
    expect([stored.width, stored.height]).toEqual([1536, 2048]);
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(full.rawPayload.length).toBeLessThan(original.length / 2);

    // the red stored top-left corner shows at the top right once turned 90° clockwise
    const pixel = async (x: number, y: number) => {
      const { data } = await sharp(full.rawPayload)
        .extract({ left: x, top: y, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [...data];
    };
    const [r, g] = await pixel(1400, 100);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(60);
    const [r2] = await pixel(100, 100);
    expect(r2).toBeLessThan(200);

    const thumbnail = await get(item.thumbnail);
    const small = await sharp(thumbnail.rawPayload).metadata();
    expect([small.width, small.height]).toEqual([240, 320]);
  });

  it("a photo the browser already shrank is kept byte for byte", async () => {
    const shrunk = await sharp(original).rotate().resize(2048, 2048, { fit: "inside" }).webp().toBuffer();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/inventory",
      headers: { cookie },
      payload: { name: "Já reduzida", price: "10", image: dataUrl("image/webp", shrunk) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const full = await get(res.json().image);
    expect(full.headers["content-type"]).toBe("image/webp");
    expect(Buffer.compare(full.rawPayload, shrunk)).toBe(0);
  });

  it("a large PNG is shrunk to 2048 px and stored as WebP, keeping its transparency", async () => {
    const png = await sharp({
      create: { width: 3000, height: 1000, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/inventory/${(await get("/api/inventory")).json()[0].id}`,
      headers: { cookie },
      payload: { image: dataUrl("image/png", png) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const full = await get(res.json().image);
    expect(full.headers["content-type"]).toBe("image/webp");
    const stored = await sharp(full.rawPayload).metadata();
    expect([stored.width, stored.height, stored.hasAlpha]).toEqual([2048, 683, true]);
  });

  it("an avatar stays limited to 2 MB (the browser shrinks it first)", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/user/profile",
      headers: { cookie },
      payload: { avatar: dataUrl("image/jpeg", original.subarray(0, 2.5 * 1024 * 1024)) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe("Imagem demasiado grande (máximo 2 MB)");
  });
});
