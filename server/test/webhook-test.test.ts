import type { AddressInfo } from "node:net";
import { DEFAULT_USER_SETTINGS } from "@common/schemas/settings.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeWebhook } from "../../tools/fake-webhook.js";
import { saveUserSettings } from "../src/services/settings.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

/**
 * "Testar webhook" (POST /api/webhooks/test) over real HTTP: the app listens on a port, a local
 * stand-in webhook answers. Discord's address is sent to the stand-in by MONITOR_REDIRECT, as the
 * engine's tests do; no request leaves the machine.
 */
const DEADLINE_MS = 1_000;

describe.each(dbKinds())("POST /api/webhooks/test (%s)", (kind) => {
  let hook: FakeWebhook;
  let guarded: TestApp;
  let open: TestApp;
  let guardedUrl: string;
  let openUrl: string;
  let users = 0;

  const listen = async (t: TestApp) => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  };

  /** a fresh user (each has its own rate-limit budget) and its session cookie */
  const session = async (t: TestApp) => {
    users += 1;
    const username = `revenda${users}`;
    await t.createUser({ username });
    return t.login(username);
  };

  const send = (base: string, cookie: string | null, url: string) =>
    fetch(`${base}/api/webhooks/test`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ url }),
    });

  beforeAll(async () => {
    hook = new FakeWebhook();
    await hook.listen();
    const redirects = new Map([["https://discord.com", hook.origin]]);
    guarded = await createTestApp(kind, {
      config: { monitorRedirect: redirects, webhookTimeoutMs: DEADLINE_MS },
    });
    open = await createTestApp(kind, {
      config: { monitorRedirect: redirects, webhookTimeoutMs: DEADLINE_MS, allowPrivateWebhooks: true },
    });
    guardedUrl = await listen(guarded);
    openUrl = await listen(open);
  });
  afterAll(async () => {
    await guarded?.close();
    await open?.close();
    await hook?.close();
  });

  it("sends a Discord-shaped test message to a Discord address and says it arrived", async () => {
    const cookie = await session(guarded);
    const before = hook.received.length;
    const res = await send(guardedUrl, cookie, "https://discord.com/api/webhooks/123/segredo");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ok: true,
      status: 204,
      message: "Mensagem de teste enviada (HTTP 204)",
    });
    const [delivery] = hook.received.slice(before);
    expect(delivery.path).toBe("/api/webhooks/123/segredo");
    expect(delivery.body).toMatchObject({
      username: "Stock Monitor",
      embeds: [{ title: "Mensagem de teste", footer: { text: "Stock Monitor" } }],
    });
    const embed = (delivery.body as { embeds: { description: string; timestamp: string }[] }).embeds[0];
    expect(embed.description).toMatch(/ligado ao Stock Monitor/);
    expect(Number.isNaN(Date.parse(embed.timestamp))).toBe(false);
  });

  it.each([
    {
      language: "en" as const,
      title: "Test message",
      text: /connected to Stock Monitor/,
      sent: "Test message sent (HTTP 204)",
      refused: "The webhook refused the message (HTTP 404): Unknown Webhook",
      timeout: "Timed out: the webhook did not answer within 1 s",
    },
    {
      language: "es" as const,
      title: "Mensaje de prueba",
      text: /conectado a Stock Monitor/,
      sent: "Mensaje de prueba enviado (HTTP 204)",
      refused: "El webhook ha rechazado el mensaje (HTTP 404): Unknown Webhook",
      timeout: "Tiempo agotado: el webhook no ha respondido en 1 s",
    },
  ])("a user who reads $language gets the test message and what became of it in $language", async (c) => {
    users += 1;
    const username = `revenda${users}`;
    const id = await guarded.createUser({ username });
    await saveUserSettings(guarded.database.db, id, { ...DEFAULT_USER_SETTINGS, language: c.language });
    const cookie = await guarded.login(username);
    const before = hook.received.length;
    const res = await send(guardedUrl, cookie, `https://discord.com/api/webhooks/16/${c.language}`);
    expect(await res.json()).toEqual({ ok: true, status: 204, message: c.sent });
    const [delivery] = hook.received.slice(before);
    const embed = (delivery.body as { embeds: { title: string; description: string }[] }).embeds[0];
    expect(embed.title).toBe(c.title);
    expect(embed.description).toMatch(c.text);

    hook.setMode("404", { times: 1 });
    const refused = await send(guardedUrl, cookie, `https://discord.com/api/webhooks/16/${c.language}`);
    expect(await refused.json()).toEqual({ ok: false, status: 404, message: c.refused });

    hook.setPath(`/api/webhooks/16/${c.language}-hangs`, { drip: true, dripMs: 100 });
    const hangs = await send(guardedUrl, cookie, `https://discord.com/api/webhooks/16/${c.language}-hangs`);
    expect(await hangs.json()).toEqual({ ok: false, status: null, message: c.timeout });
    hook.resetPaths();
  });

  it("answers 401 without a session and sends nothing", async () => {
    const before = hook.received.length;
    const res = await send(guardedUrl, null, "https://discord.com/api/webhooks/1/x");
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe("Não autenticado");
    expect(hook.received.length).toBe(before);
  });

  it("refuses a private or local address unless ALLOW_PRIVATE_WEBHOOKS", async () => {
    const before = hook.received.length;
    const port = new URL(hook.origin).port;
    for (const [url, message] of [
      [`https://127.0.0.1:${port}/api/webhooks/1/x`, "Endereço privado ou local não permitido"],
      ["https://10.0.0.5/hook", "Endereço privado ou local não permitido"],
      ["https://[::ffff:127.0.0.1]/hook", "Endereço privado ou local não permitido"],
      ["https://localhost/hook", "Endereço privado ou local não permitido"],
      [`${hook.origin}/api/webhooks/1/x`, "O URL tem de começar por https://"],
      ["não é um URL", "URL inválido"],
    ]) {
      // every attempt counts against the limit of 5 a minute: one user per case
      const res = await send(guardedUrl, await session(guarded), url);
      expect(res.status, url).toBe(400);
      const body = await res.json();
      expect(body.message, url).toBe(`Webhook: ${message}`);
      expect(body.errors, url).toEqual([{ path: "url", message }]);
    }
    expect(hook.received.length).toBe(before);

    // the escape hatch of tests and demos: the stand-in itself, any other URL gets plain JSON
    const allowed = await send(openUrl, await session(open), `${hook.origin}/generico`);
    expect(await allowed.json()).toMatchObject({ ok: true, status: 204 });
    expect(hook.received.at(-1)).toMatchObject({
      path: "/generico",
      body: { event: "test", title: "Mensagem de teste" },
    });
  });

  it("tells a refusal by the webhook with its own words", async () => {
    const cookie = await session(guarded);
    hook.setMode("404", { times: 1 });
    const res = await send(guardedUrl, cookie, "https://discord.com/api/webhooks/9/apagado");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ok: false,
      status: 404,
      message: "O webhook recusou a mensagem (HTTP 404): Unknown Webhook",
    });
  });

  it("answers a webhook that hangs with the timeout message within the deadline", async () => {
    const cookie = await session(guarded);
    hook.setPath("/api/webhooks/7/pendurado", { drip: true, dripMs: 100 });
    const started = Date.now();
    const res = await send(guardedUrl, cookie, "https://discord.com/api/webhooks/7/pendurado");
    const took = Date.now() - started;
    expect(await res.json()).toEqual({
      ok: false,
      status: null,
      message: "Tempo esgotado: o webhook não respondeu em 1 s",
    });
    expect(took).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(took).toBeLessThan(DEADLINE_MS + 1_000);
    hook.resetPaths();
  });

  it("allows 5 tests a minute per user, then 429; another user keeps their own", async () => {
    const cookie = await session(guarded);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await send(guardedUrl, cookie, "https://discord.com/api/webhooks/5/limite")).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await send(guardedUrl, cookie, "https://discord.com/api/webhooks/5/limite");
    expect((await limited.json()).message).toBe("Demasiadas tentativas. Tente novamente mais tarde.");
    const other = await send(guardedUrl, await session(guarded), "https://discord.com/api/webhooks/5/limite");
    expect(other.status).toBe(200);
  });
});
