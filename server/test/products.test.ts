import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLogs, products } from "../src/db/schema.js";
import { saveAppSettings } from "../src/services/settings.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { recordingEngine, zaraProduct } from "./product-fixtures.js";

describe.each(dbKinds())("products API (%s)", (kind) => {
  let t: TestApp;
  const engine = recordingEngine();
  let ana: string;
  let rui: string;
  let anaId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { engine });
    anaId = await t.createUser({ username: "ana", monitorLimit: 50 });
    await t.createUser({ username: "rui", monitorLimit: 50 });
    ana = await t.login("ana");
    rui = await t.login("rui");
  });
  afterAll(() => t.close());

  const post = (cookie: string, payload: object) =>
    t.app.inject({ method: "POST", url: "/api/products", headers: { cookie }, payload });

  it("answers 401 without a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/products" });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Não autenticado");
  });

  it("creates a product: decimal price, null image, JSON variants, checked at once, logged", async () => {
    const before = Date.now();
    const res = await post(
      ana,
      zaraProduct({ variants: ["Preto / M", " ", "Azul / L"], availableSizes: ["M"] }),
    );
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      userId: anaId,
      name: "Casaco comprido de lã",
      price: "89.95",
      imageUrl: null,
      config: null,
      checkInterval: 5000,
      isActive: true,
      status: "unknown",
      platform: "zara",
      monitorType: "stock",
      variants: JSON.stringify(["Preto / M", "Azul / L"]),
      hasVariants: true,
      availableSizes: JSON.stringify(["M"]),
      failureStreak: 0,
      lastError: null,
      lastCheck: null,
      lastRestockAt: null,
      pausedUntil: null,
    });
    expect(new Date(p.nextCheckAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(p.nextCheckAt).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(engine.checked).toContain(p.id);

    const logs = await t.database.db.select().from(activityLogs).where(eq(activityLogs.productId, p.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ userId: anaId, action: "product_added", type: "success" });
  });

  it("accepts a dot or a thousands-grouped comma price and refuses text", async () => {
    expect((await post(ana, zaraProduct({ price: "1.234,56" }))).json().price).toBe("1234.56");
    expect((await post(ana, zaraProduct({ price: "7.5" }))).json().price).toBe("7.50");
    expect((await post(ana, zaraProduct({ price: "" }))).json().price).toBeNull();
    const bad = await post(ana, zaraProduct({ price: "barato" }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Preço inválido");
  });

  it("starts new products as the global autoStartNewProducts says when the body omits isActive", async () => {
    await saveAppSettings(t.database.db, "global", { autoStartNewProducts: false });
    try {
      const omitted = await post(ana, zaraProduct());
      expect(omitted.json().isActive).toBe(false);
      expect(engine.checked).not.toContain(omitted.json().id);
      const explicit = await post(ana, zaraProduct({ isActive: true }));
      expect(explicit.json().isActive).toBe(true);
    } finally {
      await saveAppSettings(t.database.db, "global", { autoStartNewProducts: true });
    }
  });

  it("refuses a URL whose host is not the platform's, and a look-alike host", async () => {
    const hm = await post(ana, zaraProduct({ url: "https://www2.hm.com/pt_pt/productpage.1234567001.html" }));
    expect(hm.statusCode).toBe(400);
    expect(hm.json().message).toMatch(/^O URL não pertence à plataforma Zara/);
    expect(hm.json().errors[0].path).toBe("url");
    const lookalike = await post(ana, zaraProduct({ url: "https://zara.com.promo-pt.net/p1.html" }));
    expect(lookalike.statusCode).toBe(400);
    const ok = await post(
      ana,
      zaraProduct({
        platform: "hm",
        url: "https://www2.hm.com/pt_pt/productpage.1234567001.html",
        productId: "",
      }),
    );
    expect(ok.statusCode).toBe(201);
  });

  it("reads the product id from the URL when omitted, and checks a typed one against it", async () => {
    const hm = "https://www2.hm.com/pt_pt/productpage.1234567001.html";
    const filled = await post(ana, zaraProduct({ platform: "hm", url: hm, productId: undefined }));
    expect(filled.statusCode).toBe(201);
    expect(filled.json().productId).toBe("1234567001");

    const wrong = await post(ana, zaraProduct({ productId: "99999999" }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("O ID do produto não corresponde ao URL (o URL indica 364118231)");
    expect(wrong.json().errors[0].path).toBe("productId");
    // Zara URLs carry the colour id and the 8-digit reference: either one is the product
    expect((await post(ana, zaraProduct({ productId: "364118231" }))).statusCode).toBe(201);

    const noId = await post(
      ana,
      zaraProduct({ url: "https://www.zara.com/pt/pt/mulher-novidades-l1180.html", productId: "" }),
    );
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toBe("ID do produto obrigatório");
  });

  it("refuses an unknown platform and missing required fields in Portuguese", async () => {
    const platform = await post(ana, zaraProduct({ platform: "amazon" }));
    expect(platform.statusCode).toBe(400);
    expect(platform.json().message).toBe("Plataforma inválida");
    const name = await post(ana, zaraProduct({ name: "  " }));
    expect(name.json().message).toBe("Nome obrigatório");
    const { webhookUrl: _omit, ...noWebhook } = zaraProduct();
    const webhook = await post(ana, noWebhook);
    expect(webhook.statusCode).toBe(400);
    expect(webhook.json().message).toBe("URL do webhook obrigatório");
  });

  it("asks for the webhook URL only while the Webhook channel is on", async () => {
    const webhookOff = { webhook: false, email: true, push: false };
    const noUrl = await post(ana, zaraProduct({ webhookUrl: "", alertChannels: webhookOff }));
    expect(noUrl.statusCode).toBe(201);
    expect(noUrl.json().webhookUrl).toBe("");
    const channelOn = await post(
      ana,
      zaraProduct({ webhookUrl: " ", alertChannels: { ...webhookOff, webhook: true } }),
    );
    expect(channelOn.statusCode).toBe(400);
    expect(channelOn.json().message).toBe("URL do webhook obrigatório");
    expect(channelOn.json().errors[0].path).toBe("webhookUrl");
    // the channel back on without a URL is refused, on a PUT as on a POST
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/products/${noUrl.json().id}`,
      payload: zaraProduct({ webhookUrl: "", alertChannels: null }),
      headers: { cookie: ana },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toBe("URL do webhook obrigatório");
  });

  it("accepts empty or JSON configuration only", async () => {
    const bad = await post(ana, zaraProduct({ config: "{storeId: 1" }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Configuração deve ser JSON válido ou vazio");
    const good = await post(ana, zaraProduct({ config: '{"storeId": 10701}' }));
    expect(good.statusCode).toBe(201);
    expect(good.json().config).toBe('{"storeId": 10701}');
  });

  it("keeps the interval within 1 000 – 3 600 000 ms", async () => {
    for (const checkInterval of [999, 3_600_001, 0, "rápido", 1500.5]) {
      const res = await post(ana, zaraProduct({ checkInterval }));
      expect(res.statusCode, String(checkInterval)).toBe(400);
    }
    expect((await post(ana, zaraProduct({ checkInterval: 999 }))).json().message).toBe(
      "Intervalo mínimo é 1 segundo",
    );
    expect((await post(ana, zaraProduct({ checkInterval: 1000 }))).statusCode).toBe(201);
    expect((await post(ana, zaraProduct({ checkInterval: "3600000" }))).json().checkInterval).toBe(3_600_000);
  });

  it("refuses webhooks that are not https or that point inside (SSRF)", async () => {
    const cases: [string, string][] = [
      ["http://162.159.135.232/api/webhooks/1/x", "O URL tem de começar por https://"],
      ["https://127.0.0.1:9000/hook", "Endereço privado ou local não permitido"],
      ["https://10.0.0.5/hook", "Endereço privado ou local não permitido"],
      ["https://192.168.1.1/hook", "Endereço privado ou local não permitido"],
      ["https://169.254.169.254/latest/meta-data", "Endereço privado ou local não permitido"],
      ["https://[::1]/hook", "Endereço privado ou local não permitido"],
      ["https://[::ffff:127.0.0.1]/hook", "Endereço privado ou local não permitido"],
      ["https://localhost/hook", "Endereço privado ou local não permitido"],
      ["https://user:pass@162.159.135.232/hook", "O URL não pode conter credenciais"],
    ];
    for (const [webhookUrl, reason] of cases) {
      const res = await post(ana, zaraProduct({ webhookUrl }));
      expect(res.statusCode, webhookUrl).toBe(400);
      expect(res.json().message, webhookUrl).toBe(`Webhook: ${reason}`);
      expect(res.json().errors[0].path).toBe("webhookUrl");
    }
  });

  it("keeps a product's choice of alert channels; a PUT without it keeps it; a bad one is a 400", async () => {
    const fresh = (await post(ana, zaraProduct())).json();
    expect(fresh.alertChannels).toBeNull();
    const channels = { webhook: false, email: true, push: true };
    const created = (await post(ana, zaraProduct({ alertChannels: channels }))).json();
    expect(created.alertChannels).toEqual(channels);
    const asAna = { headers: { cookie: ana } };
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/products/${created.id}`,
      payload: zaraProduct({ name: "Sem canais no pedido" }),
      ...asAna,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().alertChannels).toEqual(channels);
    const bad = await post(ana, zaraProduct({ alertChannels: { webhook: "sim", email: true, push: true } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Canal inválido");
  });

  it("404s another user's product on update, delete and toggle, and lists only one's own", async () => {
    const mine = (await post(ana, zaraProduct({ name: "Só da Ana" }))).json();
    const asRui = { headers: { cookie: rui } };
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/products/${mine.id}`,
      payload: zaraProduct({ name: "Roubado" }),
      ...asRui,
    });
    const del = await t.app.inject({ method: "DELETE", url: `/api/products/${mine.id}`, ...asRui });
    const toggle = await t.app.inject({ method: "POST", url: `/api/products/${mine.id}/toggle`, ...asRui });
    for (const res of [put, del, toggle]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Produto não encontrado");
    }
    const list = await t.app.inject({ method: "GET", url: "/api/products", ...asRui });
    expect(list.json().map((p: { id: number }) => p.id)).not.toContain(mine.id);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, mine.id));
    expect(row.name).toBe("Só da Ana");
  });

  it("updates a product, and forgets the engine's state when the watched page changes", async () => {
    const created = (await post(ana, zaraProduct())).json();
    await t.database.db
      .update(products)
      .set({
        status: "in_stock",
        availableSizes: '["M"]',
        failureStreak: 2,
        lastError: "bloqueado",
        lastRestockAt: new Date("2026-11-20T14:32:00Z"),
        pausedUntil: new Date("2026-11-20T14:40:00Z"),
      })
      .where(eq(products.id, created.id));

    const sameUrl = await t.app.inject({
      method: "PUT",
      url: `/api/products/${created.id}`,
      headers: { cookie: ana },
      payload: zaraProduct({ name: "Novo nome", price: "10", checkInterval: 60000 }),
    });
    expect(sameUrl.statusCode).toBe(200);
    expect(sameUrl.json()).toMatchObject({
      name: "Novo nome",
      price: "10.00",
      checkInterval: 60000,
      status: "in_stock",
      lastRestockAt: "2026-11-20T14:32:00.000Z",
      pausedUntil: "2026-11-20T14:40:00.000Z",
    });
    // the list carries them too
    const listed = (
      await t.app.inject({ method: "GET", url: "/api/products", headers: { cookie: ana } })
    ).json() as { id: number; lastRestockAt: string | null; pausedUntil: string | null }[];
    expect(listed.find((p) => p.id === created.id)).toMatchObject({
      lastRestockAt: "2026-11-20T14:32:00.000Z",
      pausedUntil: "2026-11-20T14:40:00.000Z",
    });

    const otherUrl = await t.app.inject({
      method: "PUT",
      url: `/api/products/${created.id}`,
      headers: { cookie: ana },
      payload: zaraProduct({ url: "https://www.zara.com/pt/pt/outro-p09999999.html", productId: "09999999" }),
    });
    expect(otherUrl.json()).toMatchObject({
      status: "unknown",
      availableSizes: null,
      failureStreak: 0,
      lastError: null,
      lastRestockAt: null,
      pausedUntil: null,
    });
    const notFound = await t.app.inject({
      method: "PUT",
      url: "/api/products/999999",
      headers: { cookie: ana },
      payload: zaraProduct(),
    });
    expect(notFound.statusCode).toBe(404);
  });

  it("toggles a product; turning it on schedules a check now", async () => {
    const created = (await post(ana, zaraProduct({ isActive: false }))).json();
    const toggle = () =>
      t.app.inject({ method: "POST", url: `/api/products/${created.id}/toggle`, headers: { cookie: ana } });
    engine.checked.length = 0;
    const on = await toggle();
    expect(on.json().isActive).toBe(true);
    expect(engine.checked).toEqual([created.id]);
    expect(Math.abs(new Date(on.json().nextCheckAt).getTime() - Date.now())).toBeLessThan(60_000);
    const off = await toggle();
    expect(off.json().isActive).toBe(false);
    expect(engine.checked).toEqual([created.id]);
  });

  it("deletes a product and logs it by name", async () => {
    const created = (await post(ana, zaraProduct({ name: "Para apagar" }))).json();
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/products/${created.id}`,
      headers: { cookie: ana },
    });
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.select().from(products).where(eq(products.id, created.id))).toHaveLength(0);
    const logs = await t.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, "product_deleted"));
    expect(logs.find((l) => l.productName === "Para apagar")).toMatchObject({
      userId: anaId,
      productId: null,
    });
  });
});

describe.each(dbKinds())("monitor limit (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (cookie: string) =>
    t.app.inject({ method: "POST", url: "/api/products", headers: { cookie }, payload: zaraProduct() });

  it("answers 403 with the count at the limit, admins included", async () => {
    await t.createUser({ username: "bia", monitorLimit: 2 });
    await t.createUser({ username: "chefe", role: "admin", monitorLimit: 1 });
    const bia = await t.login("bia");
    expect((await post(bia)).statusCode).toBe(201);
    expect((await post(bia)).statusCode).toBe(201);
    const third = await post(bia);
    expect(third.statusCode).toBe(403);
    expect(third.json().message).toBe("Limite de monitores atingido (2/2)");

    const chefe = await t.login("chefe");
    expect((await post(chefe)).statusCode).toBe(201);
    const over = await post(chefe);
    expect(over.statusCode).toBe(403);
    expect(over.json().message).toBe("Limite de monitores atingido (1/1)");
  });

  it("counts inactive products too", async () => {
    await t.createUser({ username: "caio", monitorLimit: 1 });
    const caio = await t.login("caio");
    const created = (await post(caio)).json();
    await t.app.inject({
      method: "POST",
      url: `/api/products/${created.id}/toggle`,
      headers: { cookie: caio },
    });
    expect((await post(caio)).json().message).toBe("Limite de monitores atingido (1/1)");
  });

  it("lets no burst of parallel creates pass the limit", async () => {
    const userId = await t.createUser({ username: "dora", monitorLimit: 3 });
    const dora = await t.login("dora");
    const results = await Promise.all(Array.from({ length: 10 }, () => post(dora)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 403)).toHaveLength(7);
    const rows = await t.database.db.select().from(products).where(eq(products.userId, userId));
    expect(rows).toHaveLength(3);
  });
});

describe("private webhooks setting (pglite)", () => {
  it("ALLOW_PRIVATE_WEBHOOKS lets tests and demos use a loopback webhook", async () => {
    const t = await createTestApp("pglite", { config: { allowPrivateWebhooks: true } });
    try {
      await t.createUser({ username: "eva" });
      const cookie = await t.login("eva");
      const res = await t.app.inject({
        method: "POST",
        url: "/api/products",
        headers: { cookie },
        payload: zaraProduct({ webhookUrl: "http://127.0.0.1:7999/hook" }),
      });
      expect(res.statusCode).toBe(201);
    } finally {
      await t.close();
    }
  }, 120_000); // a second app on a fresh PGlite: migrating it alone takes ~20 s on a loaded machine
});
