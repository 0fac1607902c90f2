import {
  DEFAULT_GLOBAL_SETTINGS,
  DEFAULT_SYSTEM_SETTINGS,
  DEFAULT_USER_SETTINGS,
} from "@common/schemas/settings.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EngineHandle } from "../src/engine/handle.js";
import { startHealthWatch } from "../src/services/health-watch.js";
import { eq } from "drizzle-orm";
import { users } from "../src/db/schema.js";
import { saveAppSettings, saveUserSettings } from "../src/services/settings.js";
import { createTestApp, createTestDatabase, dbKinds, type TestApp } from "./harness.js";

const engine: EngineHandle = {
  checkSoon: () => {},
  health: () => ({ running: true, lagMsP99: 120, checksLastMinute: 4 }),
};

describe.each(dbKinds())("settings (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  let ana: string;
  let rui: string;
  let closeDatabase: () => Promise<void>;

  beforeAll(async () => {
    // a stored level and a startup level other than "silent": the stored one wins at start
    const database = await createTestDatabase(kind);
    await saveAppSettings(database.db, "global", { ...DEFAULT_GLOBAL_SETTINGS, logLevel: "error" });
    t = await createTestApp(kind, { config: { logLevel: "info" }, engine, database });
    closeDatabase = () => database.close();
    await t.createUser({ username: "chefe", role: "admin" });
    await t.createUser({ username: "ana" });
    const rita = await t.createUser({ username: "rita" });
    // a row saved before the live-update switches existed
    const { browserNotifications, alertSound, ...older } = { ...DEFAULT_USER_SETTINGS, currency: "USD" };
    await saveUserSettings(database.db, rita, older);
    await t.createUser({ username: "rui" });
    // a row from another era: a zone no longer offered, a key no longer in the product
    const marco = await t.createUser({ username: "marco" });
    await saveUserSettings(database.db, marco, {
      ...DEFAULT_USER_SETTINGS,
      timezone: "Europe/Madrid",
      fontSize: 14,
    });
    admin = await t.login("chefe");
    ana = await t.login("ana");
    rui = await t.login("rui");
  });
  afterAll(async () => {
    await t.close();
    await closeDatabase();
  });

  const get = (cookie: string) => t.app.inject({ method: "GET", url: "/api/settings", headers: { cookie } });
  const put = (cookie: string, payload: object) =>
    t.app.inject({ method: "PUT", url: "/api/settings", headers: { cookie }, payload });

  it("gives the product's defaults to a new user", async () => {
    const res = await get(rui);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      global: { ...DEFAULT_GLOBAL_SETTINGS, logLevel: "error" },
      system: DEFAULT_SYSTEM_SETTINGS,
      user: DEFAULT_USER_SETTINGS,
      // the test app has no SMTP_URL
      emailConfigured: false,
    });
    expect(DEFAULT_GLOBAL_SETTINGS).toMatchObject({ defaultCheckInterval: 60, maxConcurrentChecks: 10 });
    expect(DEFAULT_SYSTEM_SETTINGS).toMatchObject({
      backupInterval: 24,
      maxBackupFiles: 7,
      healthCheckInterval: 30,
    });
  });

  it("keeps each user's own group, merged over what was stored", async () => {
    expect((await put(ana, { user: { theme: "dark" } })).statusCode).toBe(200);
    const res = await put(ana, { user: { currency: "GBP" } });
    expect(res.json().user).toEqual({ ...DEFAULT_USER_SETTINGS, theme: "dark", currency: "GBP" });
    expect((await get(ana)).json().user).toMatchObject({ theme: "dark", currency: "GBP" });
    expect((await get(rui)).json().user).toEqual(DEFAULT_USER_SETTINGS);
  });

  it("reads a row saved before the live-alert switches with them off, and saves them", async () => {
    const rita = await t.login("rita");
    const before = (await get(rita)).json().user;
    expect(before).toEqual({ ...DEFAULT_USER_SETTINGS, currency: "USD" });
    expect(before).toMatchObject({ browserNotifications: false, alertSound: false });
    const res = await put(rita, { user: { browserNotifications: true, alertSound: true } });
    expect(res.statusCode).toBe(200);
    expect((await get(rita)).json().user).toEqual({
      ...DEFAULT_USER_SETTINGS,
      currency: "USD",
      browserNotifications: true,
      alertSound: true,
    });
    expect((await put(rita, { user: { alertSound: "sim" } })).statusCode).toBe(400);
  });

  it("keeps each user's usual sizes (clothing, shoes), private to them; too long is a Portuguese 400", async () => {
    const res = await put(ana, { user: { usualClothingSizes: " M, L ", usualShoeSizes: "42, 43" } });
    expect(res.statusCode).toBe(200);
    expect((await get(ana)).json().user).toMatchObject({
      usualClothingSizes: "M, L",
      usualShoeSizes: "42, 43",
    });
    expect((await get(rui)).json().user).toMatchObject({ usualClothingSizes: "", usualShoeSizes: "" });
    const long = await put(ana, { user: { usualShoeSizes: "4".repeat(201) } });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain("Tamanhos demasiado longos");
    // a row saved before the field existed reads as none
    expect((await get(await t.login("rita"))).json().user.usualClothingSizes).toBe("");
  });

  it("shows a row saved under older rules as it is, without the keys the product no longer has", async () => {
    const res = await get(await t.login("marco"));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({ ...DEFAULT_USER_SETTINGS, timezone: "Europe/Madrid" });
  });

  it("lets an admin change the installation's groups, which every user then reads", async () => {
    const res = await put(admin, {
      global: { defaultCheckInterval: 120, defaultWebhookUrl: "https://discord.com/api/webhooks/1/x" },
      system: { maxBackupFiles: 3 },
    });
    expect(res.statusCode).toBe(200);
    const seen = (await get(ana)).json();
    expect(seen.global).toMatchObject({ defaultCheckInterval: 120, maxConcurrentChecks: 10 });
    expect(seen.global.defaultWebhookUrl).toBe("https://discord.com/api/webhooks/1/x");
    expect(seen.system).toMatchObject({ maxBackupFiles: 3, backupInterval: 24 });
  });

  it("keeps a personal default webhook per user, checked like a product's webhook", async () => {
    // a literal public address: the guard needs no DNS for it
    const mine = "https://162.159.135.232/api/webhooks/7/ana";
    const res = await put(ana, { user: { defaultWebhookUrl: mine } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.defaultWebhookUrl).toBe(mine);
    // another save of the group leaves it alone; other users do not see it
    await put(ana, { user: { weeklyReport: false } });
    expect((await get(ana)).json().user).toMatchObject({ defaultWebhookUrl: mine, weeklyReport: false });
    expect((await get(rui)).json().user.defaultWebhookUrl).toBe("");
    for (const [url, message] of [
      ["https://127.0.0.1/hook", "Endereço privado ou local não permitido"],
      ["https://localhost/hook", "Endereço privado ou local não permitido"],
      ["http://162.159.135.232/api/webhooks/1/x", "O URL tem de começar por https://"],
    ]) {
      const refused = await put(ana, { user: { defaultWebhookUrl: url } });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().message, url).toBe(`Webhook: ${message}`);
      expect(refused.json().errors, url).toEqual([{ path: "user.defaultWebhookUrl", message }]);
    }
    expect((await put(ana, { user: { defaultWebhookUrl: "não é url" } })).json().message).toBe(
      "URL inválido",
    );
    expect((await get(ana)).json().user.defaultWebhookUrl).toBe(mine);
    await put(ana, { user: { defaultWebhookUrl: "", weeklyReport: true } });
    expect((await get(ana)).json().user.defaultWebhookUrl).toBe("");
  });

  it("reads a user row saved before the personal webhook existed", async () => {
    const { defaultWebhookUrl: _, ...before } = DEFAULT_USER_SETTINGS;
    const [{ id }] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, "rui"));
    await saveUserSettings(t.database.db, id, { ...before, theme: "dark" });
    expect((await get(rui)).json().user).toEqual({ ...DEFAULT_USER_SETTINGS, theme: "dark" });
    expect((await put(rui, { user: { currency: "USD" } })).statusCode).toBe(200);
    await saveUserSettings(t.database.db, id, DEFAULT_USER_SETTINGS);
  });

  it("answers 403 'Acesso negado' when a user touches global or system, and saves nothing", async () => {
    for (const payload of [
      { global: { maxConcurrentChecks: 1 } },
      { system: { enableMetrics: true } },
      { global: { maxConcurrentChecks: 1 }, user: { theme: "light" } },
    ]) {
      const res = await put(ana, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Acesso negado");
    }
    const seen = (await get(ana)).json();
    expect(seen.global.maxConcurrentChecks).toBe(10);
    expect(seen.system.enableMetrics).toBe(false);
    expect(seen.user.theme).toBe("dark");
  });

  it.each([
    [{ global: { defaultCheckInterval: 0 } }, "Mínimo 1 segundo"],
    [{ global: { defaultCheckInterval: 3601 } }, "Máximo 3600 segundos"],
    [{ global: { maxConcurrentChecks: 51 } }, "Máximo 50"],
    [{ global: { maxConcurrentChecks: 0 } }, "Mínimo 1"],
    [{ system: { backupInterval: 169 } }, "Máximo 168 horas"],
    [{ system: { maxBackupFiles: 31 } }, "Máximo 30"],
    [{ system: { healthCheckInterval: 1441 } }, "Máximo 1440 minutos"],
    [{ global: { defaultWebhookUrl: "não é url" } }, "URL inválido"],
  ])("refuses %o with '%s'", async (payload, message) => {
    const res = await put(admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses values outside the lists in Portuguese", async () => {
    const res = await put(ana, { user: { theme: "rosa" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).not.toMatch(/Invalid|Required/);
    const level = await put(admin, { global: { logLevel: "verbose" } });
    expect(level.statusCode).toBe(400);
  });

  it("sets the server's log level at once, and only warnings when logging is off", async () => {
    expect(t.app.log.level).toBe("error");
    await put(admin, { global: { logLevel: "warn" } });
    expect(t.app.log.level).toBe("warn");
    await put(admin, { global: { logLevel: "error" } });
    expect(t.app.log.level).toBe("error");
    await put(admin, { global: { logLevel: "debug", enableLogging: false } });
    expect(t.app.log.level).toBe("warn");
    await put(admin, { global: { logLevel: "error", enableLogging: true } });
    expect(t.app.log.level).toBe("error");
  });

  it("serves Prometheus metrics without a session only while enabled", async () => {
    const off = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(off.statusCode).toBe(404);

    await put(admin, { system: { enableMetrics: true } });
    await get(ana);
    const on = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(on.statusCode).toBe(200);
    expect(on.headers["content-type"]).toContain("text/plain");
    expect(on.body).toMatch(
      /http_requests_total\{method="GET",route="\/api\/settings",status_code="200"\} \d+/,
    );
    expect(on.body).toContain("http_request_duration_seconds_bucket");
    expect(on.body).toContain("process_cpu_user_seconds_total");
    expect(on.body).toContain("stock_monitor_engine_lag_p99_ms 120");
    expect(on.body).toContain("stock_monitor_engine_checks_last_minute 4");
    expect(on.body).toMatch(/stock_monitor_products\{state="active"\} 0/);

    await put(admin, { system: { enableMetrics: false } });
    expect((await t.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
  });

  it("reports database and engine state on /api/health only while health monitoring is on", async () => {
    const on = await t.app.inject({ method: "GET", url: "/api/health", headers: { cookie: admin } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      status: "ok",
      database: "ok",
      engine: { running: true, lagMsP99: 120, checksLastMinute: 4 },
    });

    await put(admin, { system: { enableHealthCheck: false } });
    const off = await t.app.inject({ method: "GET", url: "/api/health", headers: { cookie: admin } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ status: "ok" });
    await put(admin, { system: { enableHealthCheck: true } });
  });

  it("answers 401 without a session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/settings" })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      payload: { user: { theme: "dark" } },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("health watch (Sistema → Monitorização de saúde)", () => {
  it("checks every healthCheckInterval minutes, logs what is wrong, and stops when off", async () => {
    const database = await createTestDatabase("pglite");
    const warnings: string[] = [];
    const stalled: EngineHandle = {
      checkSoon: () => {},
      health: () => ({ running: false, lagMsP99: 125_000, checksLastMinute: 0 }),
    };
    const watch = startHealthWatch({
      db: database.db,
      engine: stalled,
      log: { info: () => {}, warn: (m) => warnings.push(m) },
    });
    try {
      await saveAppSettings(database.db, "system", { ...DEFAULT_SYSTEM_SETTINGS, healthCheckInterval: 5 });
      const t0 = Date.parse("2026-01-01T00:00:00Z");
      const first = await watch.runDue(t0);
      expect(first?.database).toBe("ok");
      expect(warnings).toEqual([
        "Verificação de saúde: o motor de verificação está parado; as verificações estão 125 s atrasadas (p99)",
      ]);
      expect(await watch.runDue(t0 + 4 * 60_000)).toBeNull();
      expect(await watch.runDue(t0 + 5 * 60_000)).not.toBeNull();
      expect(warnings).toHaveLength(2);

      await saveAppSettings(database.db, "system", { ...DEFAULT_SYSTEM_SETTINGS, enableHealthCheck: false });
      expect(await watch.runDue(t0 + 60 * 60_000)).toBeNull();
      expect(warnings).toHaveLength(2);
    } finally {
      watch.stop();
      await database.close();
    }
  });
});
