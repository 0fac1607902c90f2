import type { AddressInfo } from "node:net";
import { telegramWebhookUrl } from "@common/schemas/telegram.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeTelegram } from "../../tools/fake-telegram.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

/**
 * The Telegram setup helper (POST /api/telegram/chats) over real HTTP: the Bot API is a local
 * stand-in reached through MONITOR_REDIRECT, answering getMe and getUpdates as Telegram does.
 */
const DEADLINE_MS = 1_000;
const TOKEN = "123456:ABC-test_token";

describe.each(dbKinds())("POST /api/telegram/chats (%s)", (kind) => {
  let telegram: FakeTelegram;
  let t: TestApp;
  let base: string;
  let users = 0;

  const session = async () => {
    users += 1;
    const username = `telegrama${users}`;
    await t.createUser({ username });
    return t.login(username);
  };
  const find = (cookie: string | null, token: unknown) =>
    fetch(`${base}/api/telegram/chats`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ token }),
    });

  beforeAll(async () => {
    telegram = new FakeTelegram(TOKEN);
    await telegram.listen();
    t = await createTestApp(kind, {
      config: {
        monitorRedirect: new Map([["https://api.telegram.org", telegram.origin]]),
        webhookTimeoutMs: DEADLINE_MS,
      },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await telegram?.close();
  });

  it("lists the people, groups and channels the bot has seen, newest first and each once", async () => {
    telegram.updates = [
      {
        update_id: 1,
        message: {
          message_id: 1,
          text: "/start",
          chat: { id: 5001, type: "private", first_name: "Ana", last_name: "Silva" },
        },
      },
      {
        update_id: 2,
        my_chat_member: { chat: { id: -1001234567890, type: "supergroup", title: "Revenda Lisboa" } },
      },
      {
        update_id: 3,
        message: {
          message_id: 2,
          text: "olá",
          chat: { id: 5001, type: "private", first_name: "Ana", last_name: "Silva" },
        },
      },
      {
        update_id: 4,
        channel_post: { message_id: 3, chat: { id: -1009876543210, type: "channel", title: "Drops" } },
      },
    ];
    const res = await find(await session(), ` ${TOKEN} `);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ok: true,
      message: "",
      bot: "@alertas_revenda_bot",
      chats: [
        { id: "-1009876543210", title: "Drops", kind: "channel" },
        { id: "5001", title: "Ana Silva", kind: "private" },
        { id: "-1001234567890", title: "Revenda Lisboa", kind: "supergroup" },
      ],
    });
    // the address a picked chat becomes is the one the Telegram channel delivers to
    expect(telegramWebhookUrl(TOKEN, "-1001234567890")).toBe(
      `https://api.telegram.org/bot${TOKEN}/sendMessage?chat_id=-1001234567890`,
    );
  });

  it("says in Portuguese what to do when the bot has seen nobody, has a webhook, or the token is wrong", async () => {
    const cookie = await session();
    telegram.updates = [];
    expect(await (await find(cookie, TOKEN)).json()).toEqual({
      ok: false,
      message:
        "Nenhuma conversa encontrada: envie /start ao bot (ou uma mensagem no grupo onde o adicionou) e procure de novo",
      bot: "@alertas_revenda_bot",
      chats: [],
    });
    telegram.webhookSet = true;
    const hooked = await (await find(cookie, TOKEN)).json();
    telegram.webhookSet = false;
    expect(hooked).toMatchObject({ ok: false, message: expect.stringMatching(/webhook próprio/) });
    const wrong = await (await find(cookie, "999999:ZZZ-not_the_token")).json();
    expect(wrong).toEqual({
      ok: false,
      message: "O Telegram não reconhece este token: copie-o de novo do @BotFather",
      bot: null,
      chats: [],
    });
  });

  it("a Telegram that does not answer ends at the deadline with a clear message", async () => {
    telegram.delayMs = DEADLINE_MS * 3;
    const started = Date.now();
    const answer = await (await find(await session(), TOKEN)).json();
    telegram.delayMs = 0;
    expect(answer).toMatchObject({ ok: false, message: "O Telegram não respondeu a tempo" });
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS * 2.5);
  });

  it("refuses a malformed token with a Portuguese 400 and asks Telegram nothing; anonymous is 401", async () => {
    const cookie = await session();
    const calls = telegram.calls.length;
    for (const token of ["", "abc", "123456:curto", "123456:ABC-test_token/../getMe", 42]) {
      const res = await find(cookie, token);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/Token do bot/);
    }
    expect(telegram.calls.length).toBe(calls);
    expect((await find(null, TOKEN)).status).toBe(401);
  });
});
