import { onlyChannels } from "@common/alert-channels.js";
/** Monitors out as JSON or CSV, and back in: preview, commit, the limit, the same file twice. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { recordingEngine, WEBHOOK, zaraProduct } from "./product-fixtures.js";

const SEARCH =
  "https://www.vinted.pt/catalog?search_text=nike%20dunk&brand_ids[]=53&price_to=40&order=newest_first";

describe.each(dbKinds())("monitors import and export (%s)", (kind) => {
  let t: TestApp;
  const engine = recordingEngine();
  let ana: string;
  let rui: string;
  let bea: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { engine });
    await t.createUser({ username: "ana", monitorLimit: 50 });
    await t.createUser({ username: "rui", monitorLimit: 50 });
    await t.createUser({ username: "bea", monitorLimit: 3 });
    [ana, rui, bea] = await Promise.all([t.login("ana"), t.login("rui"), t.login("bea")]);
    const add = (payload: object) =>
      t.app.inject({ method: "POST", url: "/api/products", headers: { cookie: ana }, payload });
    expect(
      (
        await add(
          zaraProduct({
            name: '=Casaco; com "aspas"',
            variants: ["Preto / M", "Azul / L"],
            alertChannels: onlyChannels("webhook", "push"),
          }),
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await add({
          name: "Dunk até 40 €",
          url: SEARCH,
          platform: "vinted",
          webhookUrl: WEBHOOK,
          checkInterval: 10_000,
          isActive: false,
          rules: { excludeWords: ["manchas"], maxPrice: "40,00" },
        })
      ).statusCode,
    ).toBe(201);
  });
  afterAll(() => t.close());

  const exportAs = (cookie: string, format: "json" | "csv") =>
    t.app.inject({ method: "GET", url: `/api/products/export?format=${format}`, headers: { cookie } });
  const importAs = (cookie: string, payload: object) =>
    t.app.inject({ method: "POST", url: "/api/products/import", headers: { cookie }, payload });
  const listOf = async (cookie: string) =>
    (await t.app.inject({ method: "GET", url: "/api/products", headers: { cookie } })).json() as {
      id: number;
      name: string;
      url: string;
      isActive: boolean;
      variants: string | null;
      rules: unknown;
      alertChannels: unknown;
      checkInterval: number;
      monitorType: string;
    }[];

  it("exports only the caller's monitors, as the POST body takes them, oldest first", async () => {
    const res = await exportAs(ana, "json");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /attachment; filename="monitores-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const file = res.json();
    expect(file.version).toBe(1);
    expect(file.monitors).toHaveLength(2);
    expect(file.monitors[0]).toMatchObject({
      name: '=Casaco; com "aspas"',
      platform: "zara",
      productId: "02015602",
      variants: ["Preto / M", "Azul / L"],
      alertChannels: onlyChannels("webhook", "push"),
      price: "89.95",
    });
    expect(file.monitors[1]).toMatchObject({ monitorType: "search", isActive: false, checkInterval: 10_000 });
    expect(file.monitors[0]).not.toHaveProperty("status");
    expect((await exportAs(rui, "json")).json().monitors).toEqual([]);
  });

  it("a JSON export brought into another account recreates every monitor with its rules and channels", async () => {
    const content = (await exportAs(ana, "json")).body;
    const preview = await importAs(rui, { format: "json", content });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ committed: false, created: 0, room: 50 });
    expect(preview.json().rows.map((r: { outcome: string }) => r.outcome)).toEqual(["valid", "valid"]);
    expect(await listOf(rui)).toEqual([]); // a preview writes nothing

    engine.checked.length = 0;
    const commit = await importAs(rui, { format: "json", content, commit: true });
    expect(commit.json()).toMatchObject({ committed: true, created: 2 });
    const [search, coat] = await listOf(rui);
    expect(coat).toMatchObject({ name: '=Casaco; com "aspas"', isActive: true, checkInterval: 5000 });
    expect(JSON.parse(coat.variants ?? "[]")).toEqual(["Preto / M", "Azul / L"]);
    expect(coat.alertChannels).toEqual({ webhook: true, email: false, push: true });
    expect(search).toMatchObject({ monitorType: "search", isActive: false });
    expect(search.rules).toMatchObject({ excludeWords: ["manchas"], maxPrice: "40.00" });
    // the active one is checked at once, the paused one is not
    expect(engine.checked).toEqual([coat.id]);
  });

  it("the same file twice adds nothing: every row is a duplicate", async () => {
    const content = (await exportAs(ana, "json")).body;
    const again = await importAs(rui, { format: "json", content, commit: true });
    expect(again.json().created).toBe(0);
    expect(again.json().rows.map((r: { outcome: string }) => r.outcome)).toEqual(["duplicate", "duplicate"]);
    expect(await listOf(rui)).toHaveLength(2);
  });

  it("a CSV export goes back in the same (formula guard, ';', lists and JSON cells)", async () => {
    const res = await exportAs(ana, "csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.body.startsWith("\uFEFFname;platform;url;")).toBe(true);
    expect(res.body).toContain(`"'=Casaco; com ""aspas"""`);
    const commit = await importAs(bea, { format: "csv", content: res.body, commit: true });
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json().created).toBe(2);
    const [search, coat] = await listOf(bea);
    expect(coat.name).toBe('=Casaco; com "aspas"');
    expect(JSON.parse(coat.variants ?? "[]")).toEqual(["Preto / M", "Azul / L"]);
    expect(coat.alertChannels).toEqual({ webhook: true, email: false, push: true });
    expect(search.rules).toMatchObject({ excludeWords: ["manchas"] });
    expect(search.isActive).toBe(false);
  });

  it("invalid rows are reported with their line and reason; the valid ones are still created", async () => {
    const csv = [
      "name;platform;url;checkInterval;webhookUrl;isActive",
      `Sem plataforma;;https://www.zara.com/pt/pt/x-p02015603.html;5000;${WEBHOOK};true`,
      `Intervalo curto;zara;https://www.zara.com/pt/pt/y-p02015604.html;5;${WEBHOOK};talvez`,
      `Privado;zara;https://www.zara.com/pt/pt/z-p02015605.html;5000;https://10.0.0.1/hook;true`,
      `Bom;zara;https://www.zara.com/pt/pt/w-p02015606.html;5000;${WEBHOOK};false`,
    ].join("\r\n");
    const res = await importAs(rui, { format: "csv", content: csv, commit: true });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows as {
      line: number;
      outcome: string;
      errors: { path: string; message: string }[];
    }[];
    expect(rows.map((r) => [r.line, r.outcome])).toEqual([
      [2, "invalid"],
      [3, "invalid"],
      [4, "invalid"],
      [5, "valid"],
    ]);
    expect(rows[0].errors).toContainEqual({ path: "platform", message: "Plataforma inválida" });
    expect(rows[1].errors.map((e) => e.message)).toEqual(
      expect.arrayContaining(["Ativo deve ser true ou false", "Intervalo mínimo é 1 segundo"]),
    );
    expect(rows[2].errors[0].path).toBe("webhookUrl");
    expect(res.json().created).toBe(1);
    expect((await listOf(rui)).map((p) => p.name)).toContain("Bom");
  });

  it("past the monitor limit the rest are reported, not created, all in one transaction", async () => {
    // bea holds 2 of 3
    const file = {
      monitors: [1, 2, 3].map((n) =>
        zaraProduct({
          name: `Casaco ${n}`,
          url: `https://www.zara.com/pt/pt/c-p0201570${n}.html`,
          productId: "",
        }),
      ),
    };
    const res = await importAs(bea, { format: "json", content: JSON.stringify(file), commit: true });
    expect(res.json()).toMatchObject({ room: 1, created: 1 });
    expect(res.json().rows.map((r: { outcome: string }) => r.outcome)).toEqual([
      "valid",
      "overLimit",
      "overLimit",
    ]);
    expect(await listOf(bea)).toHaveLength(3);
  });

  it("a file that is not what it says is a clear 400, and nothing is written", async () => {
    const cases: [object, string][] = [
      [{ format: "json", content: "{nope" }, "O ficheiro não é JSON válido"],
      [{ format: "json", content: '{"items": []}' }, "O ficheiro JSON não tem uma lista «monitors»"],
      [{ format: "json", content: '{"monitors": []}' }, "O ficheiro não tem monitores"],
      [{ format: "csv", content: "nome;url\r\nx;y" }, "Faltam colunas no cabeçalho: name, platform"],
      [{ format: "csv", content: 'name;platform;url\r\n"aberto;zara;x' }, "O ficheiro CSV não se lê"],
      [{ format: "xml", content: "<a/>" }, "Formato inválido: json ou csv"],
      [{ format: "json", content: "" }, "O ficheiro está vazio"],
    ];
    const before = (await listOf(ana)).length;
    for (const [payload, message] of cases) {
      const res = await importAs(ana, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const tooMany = { monitors: Array.from({ length: 1001 }, () => ({})) };
    const big = await importAs(ana, { format: "json", content: JSON.stringify(tooMany) });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe("Demasiados monitores num ficheiro (máximo 1000)");
    expect((await listOf(ana)).length).toBe(before);
  });

  it("a script's token exports with `read` and imports only with `monitors`", async () => {
    const token = async (scopes: string[]) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/tokens",
        headers: { cookie: ana },
        payload: { name: "script", scopes },
      });
      expect(res.statusCode, res.body).toBe(201);
      return `Bearer ${res.json().token}`;
    };
    const reader = await token(["read"]);
    const exported = await t.app.inject({
      method: "GET",
      url: "/api/products/export?format=csv",
      headers: { authorization: reader },
    });
    expect(exported.statusCode).toBe(200);
    const payload = { format: "csv", content: exported.body };
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/products/import",
      headers: { authorization: reader },
      payload,
    });
    expect(refused.statusCode).toBe(403);
    const writer = await token(["read", "monitors"]);
    const allowed = await t.app.inject({
      method: "POST",
      url: "/api/products/import",
      headers: { authorization: writer },
      payload,
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().rows.every((r: { outcome: string }) => r.outcome === "duplicate")).toBe(true);
  });

  it("asks for a session or a token: anonymous callers get 401", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/products/export" })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/products/import",
          payload: { format: "json", content: "[]" },
        })
      ).statusCode,
    ).toBe(401);
  });
});
