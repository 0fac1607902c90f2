import { createECDH } from "node:crypto";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EngineHandle } from "../src/engine/handle.js";
import { ImageWorkQueue } from "../src/services/image-work.js";
import { knownDevice } from "../src/services/login-devices.js";
import { eq } from "drizzle-orm";
import { pushSubscriptions } from "../src/db/schema.js";
import { createTestApp, dbKinds, PASSWORD, type TestApp } from "./harness.js";

const HEALTH_TOKEN = "sonda-de-saude-0123456789";

/** a browser's PushSubscription: a fresh P-256 key pair's public half and 16 random bytes */
function deviceSubscription(endpoint: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint,
    keys: {
      p256dh: ecdh.getPublicKey().toString("base64url"),
      auth: Buffer.alloc(16, 7).toString("base64url"),
    },
  };
}

/** a real PNG of side × side 1-bit grey pixels, all black: tens of KB that decode to `side`² pixels */
function pixelBombPng(side: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 255] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc(side * (1 + Math.ceil(side / 8))); // filter byte 0 + zero bits per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** issue 27, LOW findings: what a hostile probe of the landed product still got through */
describe.each(dbKinds())("issue 27: hostile input (%s)", (kind) => {
  let t: TestApp;
  let running = true;
  const engine: EngineHandle = {
    checkSoon: () => {},
    health: () => ({ running, lagMsP99: 80, checksLastMinute: 7, lastCheckAt: new Date().toISOString() }),
  };
  beforeAll(async () => {
    t = await createTestApp(kind, { engine, config: { healthToken: HEALTH_TOKEN } });
  });
  afterAll(() => t.close());

  it("11: /api/health tells a stranger only ok/degraded; the detail needs an admin's session or the token", async () => {
    await t.createUser({ username: "saude_admin", role: "admin" });
    await t.createUser({ username: "saude_user" });
    const admin = await t.login("saude_admin");
    const user = await t.login("saude_user");
    const health = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: "GET", url: "/api/health", headers });

    const strangers: Record<string, string>[] = [
      {},
      { cookie: user },
      { authorization: "Bearer errado-0123456789abcdef" },
    ];
    for (const headers of strangers) {
      const res = await health(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ok" });
    }
    const insiders: Record<string, string>[] = [
      { cookie: admin },
      { authorization: `Bearer ${HEALTH_TOKEN}` },
    ];
    for (const headers of insiders) {
      const res = await health(headers);
      expect(res.json()).toMatchObject({
        status: "ok",
        database: "ok",
        engine: { running: true, checksLastMinute: 7 },
        reasons: [],
      });
    }

    running = false;
    try {
      const stranger = await health();
      expect(stranger.statusCode).toBe(503);
      expect(stranger.json()).toEqual({ status: "degraded" });
      const probe = await health({ authorization: `Bearer ${HEALTH_TOKEN}` });
      expect(probe.statusCode).toBe(503);
      expect(probe.json().reasons).toEqual(["o motor de verificação está parado"]);
    } finally {
      running = true;
    }
  });

  it("11: impossible calendar dates are refused, never stored as the next month", async () => {
    await t.createUser({ username: "calendario" });
    const cookie = await t.login("calendario");
    const add = (purchaseDate: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/inventory",
        headers: { cookie },
        payload: { name: "x", price: "1", purchaseDate },
      });
    // Date would read these as 1 March, 1 March and 1 May
    for (const impossible of ["2024-02-30", "2023-02-29", "2026-04-31"]) {
      const res = await add(impossible);
      expect(res.statusCode, impossible).toBe(400);
      expect(res.body, impossible).toContain("esse dia não existe");
    }
    for (const impossible of ["2026-13-01", "2026-00-10", "2026-01-00"]) {
      expect((await add(impossible)).statusCode, impossible).toBe(400);
    }
    expect((await add("2026-05-01T24:00")).statusCode).toBe(400);
    const leap = await add("2024-02-29");
    expect(leap.statusCode, leap.body).toBe(201);
    expect(leap.json().purchaseDate).toMatch(/^2024-02-2/);
  });

  it("11: a username mixing scripts (a Cyrillic letter among Latin ones) is refused", async () => {
    await t.createUser({ username: "chefe27", role: "admin" });
    const admin = await t.login("chefe27");
    const create = (username: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/users",
        headers: { cookie: admin },
        payload: { username, password: "segredo123" },
      });
    for (const lookAlike of ["\u0441hefe", "jo\u0430o", "ra\u03bful", "ana\u0441"]) {
      const res = await create(lookAlike);
      expect(res.statusCode, lookAlike).toBe(400);
      expect(res.body, lookAlike).toContain("misturar alfabetos");
    }
    for (const honest of ["joão_2", "сергей", "μαρία", "山田たろう", "김민수", "ｍａｒｉａ"]) {
      const res = await create(honest);
      expect(res.statusCode, `${honest}: ${res.body}`).toBe(201);
    }
  });

  it("4: the owner's known device logs in past 60 strangers' queued attempts; the queue refuses the excess at once", async () => {
    await t.createUser({ username: "sitiada" });
    await t.createUser({ username: "vizinha" });
    const attempt = (username: string, password: string, remoteAddress: string, cookie?: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { username, password },
        remoteAddress,
        headers: cookie ? { cookie } : {},
      });
    // the owner's browser logged in once before: it holds a device cookie, for the login route only
    const first = await attempt("sitiada", PASSWORD, "192.0.2.10");
    expect(first.statusCode).toBe(200);
    const deviceCookie = first.cookies.find((c) => c.name === "sm_device");
    expect(deviceCookie).toMatchObject({ path: "/api/login", httpOnly: true });
    const device = `sm_device=${deviceCookie!.value}`;
    const neighbour = (await attempt("vizinha", PASSWORD, "192.0.2.11")).cookies.find(
      (c) => c.name === "sm_device",
    );

    // 51 guesses from 17 addresses push the username past its slow-down threshold
    for (let n = 0; n < 51; n++) {
      expect((await attempt("sitiada", "errada", `203.0.113.${100 + (n % 17)}`)).statusCode).toBe(401);
    }
    // 60 strangers at once from 60 addresses: ten wait their turn, fifty are refused at once
    let settled = 0;
    const strangers = Array.from({ length: 60 }, (_, n) =>
      attempt("sitiada", "errada", `198.51.100.${n + 1}`).finally(() => {
        settled += 1;
      }),
    );
    await expect.poll(() => settled, { timeout: 30_000 }).toBeGreaterThanOrEqual(50);
    // the owner, from a new address but a known device, answers while the queue still waits
    const owner = await attempt("sitiada", PASSWORD, "192.0.2.99", device);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(settled).toBeLessThan(60);
    // another user's device cookie is no pass for this username, the owner's own is
    expect(await knownDevice(t.database.db, neighbour!.value, "sitiada")).toBeNull();
    expect(await knownDevice(t.database.db, deviceCookie!.value, "sitiada")).toMatchObject({ trusted: true });
    const codes = (await Promise.all(strangers)).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(50);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(10);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
  }, 90_000);

  it("9: push subscriptions: the cap holds under 60 parallel requests, an endpoint never changes hands, keys are checked", async () => {
    const anaId = await t.createUser({ username: "push_ana" });
    await t.createUser({ username: "push_rui" });
    const ana = await t.login("push_ana");
    const rui = await t.login("push_rui");
    const subscribe = (cookie: string, payload: object) =>
      t.app.inject({ method: "PUT", url: "/api/push/subscription", headers: { cookie }, payload });
    const stored = async (userId?: number) =>
      (await t.database.db.select().from(pushSubscriptions)).filter(
        (r) => userId === undefined || r.userId === userId,
      );

    const codes = (
      await Promise.all(
        Array.from({ length: 60 }, (_, n) =>
          subscribe(ana, deviceSubscription(`https://fcm.googleapis.com/fcm/send/ana-${n}`)),
        ),
      )
    ).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.filter((c) => c === 400)).toHaveLength(40);
    expect(await stored(anaId)).toHaveLength(20);

    // the same browser subscribing again keeps its place (new keys), even at the cap
    const [first] = await stored(anaId);
    const again = deviceSubscription(first.endpoint);
    expect((await subscribe(ana, again)).statusCode).toBe(200);
    const [kept] = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, first.id));
    expect(kept).toMatchObject({ userId: anaId, p256dh: again.keys.p256dh });

    // Rui naming Ana's endpoint takes nothing from her
    const taken = await subscribe(rui, deviceSubscription(first.endpoint));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("Este dispositivo já recebe as notificações de outra conta");
    const [still] = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, first.id));
    expect(still).toMatchObject({ userId: anaId, p256dh: again.keys.p256dh });

    // keys of the right length that are not a P-256 point, or an auth secret not of 16 bytes
    const good = deviceSubscription("https://fcm.googleapis.com/fcm/send/rui-1");
    const offCurve = Buffer.from(good.keys.p256dh, "base64url");
    offCurve[64] ^= 1;
    for (const keys of [
      { ...good.keys, p256dh: offCurve.toString("base64url") },
      { ...good.keys, p256dh: `B${"A".repeat(86)}` },
      { ...good.keys, auth: Buffer.alloc(20).toString("base64url") },
    ]) {
      const res = await subscribe(rui, { endpoint: good.endpoint, keys });
      expect(res.statusCode, JSON.stringify(keys)).toBe(400);
      expect(res.json().message).toBe("Chave do dispositivo inválida");
    }
    expect((await subscribe(rui, good)).statusCode).toBe(200);
  });

  it("3: a pixel bomb is refused from its header, before any decoding", async () => {
    await t.createUser({ username: "bomba" });
    const cookie = await t.login("bomba");
    const bomb = pixelBombPng(16_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/inventory",
      headers: { cookie },
      payload: { name: "bomba", price: "1", image: `data:image/png;base64,${bomb.toString("base64")}` },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe("Imagem demasiado grande: 16000 × 16000 píxeis (máximo 40 MP)");
    // a photo within the limit still goes through
    const fine = await t.app.inject({
      method: "POST",
      url: "/api/inventory",
      headers: { cookie },
      payload: {
        name: "ok",
        price: "1",
        image: `data:image/png;base64,${pixelBombPng(2000).toString("base64")}`,
      },
    });
    expect(fine.statusCode, fine.body).toBe(201);
  });
});

describe("issue 27, item 3: image work, one at a time", () => {
  it("runs one image at a time, lets a few wait and refuses the rest at once with 503", async () => {
    const queue = new ImageWorkQueue(1, 2);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const job = () =>
      queue.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return "feito";
      });
    const accepted = [job(), job(), job()];
    await expect(job()).rejects.toMatchObject({ statusCode: 503 });
    expect(queue.busy).toEqual({ running: 1, waiting: 2 });
    for (let i = 0; i < 3; i++) {
      await expect.poll(() => releases.length).toBe(i + 1);
      releases[i]();
    }
    expect(await Promise.all(accepted)).toEqual(["feito", "feito", "feito"]);
    expect(most).toBe(1);
    expect(queue.busy).toEqual({ running: 0, waiting: 0 });
  });
});
