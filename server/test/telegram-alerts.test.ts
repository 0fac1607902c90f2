import { DEFAULT_USER_SETTINGS } from "@common/schemas/settings.js";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FakeTelegram, telegramHtmlError } from "../../tools/fake-telegram.js";
import { TELEGRAM_ORIGIN } from "../src/engine/notify/webhooks/telegram.js";
import { saveUserSettings } from "../src/services/settings.js";
import { createWorld, eventually, type World } from "./engine-support.js";
import { createTestDatabase, dbKinds } from "./harness.js";

const SHOP = "https://nudeproject.com";

describe.each(dbKinds())("Telegram alerts through the outbox (%s)", (kind) => {
  let w: World;
  let telegram: FakeTelegram;
  let botUrl: string;
  beforeAll(async () => {
    w = await createWorld(await createTestDatabase(kind));
    telegram = new FakeTelegram();
    w.redirects.set(TELEGRAM_ORIGIN, await telegram.listen());
    botUrl = `${TELEGRAM_ORIGIN}/bot${telegram.token}/sendMessage?chat_id=-100123`;
  });
  afterEach(async () => {
    await w.reset();
    telegram.calls.length = 0;
    telegram.rateLimited = 0;
  });
  afterAll(async () => {
    await w.close();
    await telegram.close();
    await w.database.close();
  });

  async function telegramProduct(slug: string, name: string, webhook = botUrl): Promise<number> {
    const id = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/${slug}`, name });
    await w.database.db.execute(sql`update products set webhook_url = ${webhook} where id = ${id}`);
    return id;
  }

  it("restock → one sendPhoto with the photo, an escaped HTML caption, price, status, sizes and links", async () => {
    w.retailer.setProduct("tg-hoodie", { sizes: ["S", "M"], price: "69.90", name: `Hoodie <b>"A&B"</b>` });
    const id = await telegramProduct("tg-hoodie", `Hoodie <b>"A&B"</b>`);
    await w.start();
    await eventually(() => expect(telegram.accepted).toHaveLength(1), 15_000);
    await w.checkedAgain(id, 2); // further checks of the same state send nothing
    expect(telegram.calls).toHaveLength(1);
    const [call] = telegram.calls;
    expect(call.method).toBe("sendPhoto");
    expect(call.body.chat_id).toBe("-100123");
    expect(call.body.parse_mode).toBe("HTML");
    expect(call.body.photo).toMatch(/^https?:\/\/.+\.jpg/);
    const caption = String(call.body.caption);
    expect(telegramHtmlError(caption)).toBeNull();
    expect(caption).toContain("<b>Em stock</b>");
    expect(caption).toContain("Hoodie &lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;</a>");
    expect(caption).toContain(`<a href="${SHOP}/products/tg-hoodie">`);
    expect(caption).toMatch(/Preço: 69,90\s€/);
    expect(caption).toContain("Estado: Em Stock");
    expect(caption).toContain("Novos tamanhos: S, M");
    expect(caption).toMatch(/<a href="[^"]*\/cart\/\d+:1">Carrinho S<\/a>/);
    await eventually(async () => {
      const rows = (await w.notificationRows()).filter((r) => r.productId === id);
      expect(rows.map((r) => r.status)).toEqual(["sent"]);
    });
  });

  it.each([
    {
      language: "en" as const,
      lines: ["<b>In stock</b>", "Status: In Stock", "New sizes: S, M", "Sizes: S, M"],
      price: /Price: €69\.90/,
      cart: /<a href="[^"]*\/cart\/\d+:1">Basket S<\/a>/,
    },
    {
      language: "es" as const,
      lines: ["<b>En stock</b>", "Estado: En Stock", "Nuevas tallas: S, M", "Tallas: S, M"],
      price: /Precio: 69,90\s€/,
      cart: /<a href="[^"]*\/cart\/\d+:1">Carrito S<\/a>/,
    },
  ])("restock for an owner who reads $language → the caption in $language", async (c) => {
    await saveUserSettings(w.database.db, w.userId, { ...DEFAULT_USER_SETTINGS, language: c.language });
    try {
      w.retailer.setProduct(`tg-${c.language}`, { sizes: ["S", "M"], price: "69.90" });
      await telegramProduct(`tg-${c.language}`, "Hoodie");
      await w.start();
      await eventually(() => expect(telegram.accepted).toHaveLength(1), 15_000);
      const caption = String(telegram.calls[0].body.caption);
      expect(telegramHtmlError(caption)).toBeNull();
      for (const line of c.lines) expect(caption).toContain(line);
      expect(caption).toMatch(c.price);
      expect(caption).toMatch(c.cart);
    } finally {
      await saveUserSettings(w.database.db, w.userId, DEFAULT_USER_SETTINGS);
    }
  });

  it("Telegram 429 with parameters.retry_after → waits that long, then delivered once", async () => {
    telegram.rateLimited = 1;
    telegram.retryAfter = 2;
    w.retailer.setProduct("tg-limited", { sizes: ["M"] });
    const id = await telegramProduct("tg-limited", "Limitado");
    await w.start();
    await eventually(() => expect(telegram.accepted).toHaveLength(1), 20_000);
    expect(telegram.calls.map((c) => c.status)).toEqual([429, 200]);
    const waited = telegram.calls[1].at - telegram.calls[0].at;
    expect(waited).toBeGreaterThanOrEqual(1900);
    // a delivered row is marked sent a few ms after the answer (the notifier batches its marks)
    await eventually(async () => {
      const rows = (await w.notificationRows()).filter((r) => r.productId === id);
      expect(rows.map((r) => [r.status, r.attempts])).toEqual([["sent", 1]]);
    });
  });

  it("no photo → sendMessage; a bot token Telegram refuses → failed once, not retried", async () => {
    w.retailer.setProduct("tg-failing", { status: "out_of_stock", block: "malformed" });
    await telegramProduct("tg-failing", "Falha <x>");
    const wrong = await telegramProduct(
      "tg-wrong",
      "Token errado",
      `${TELEGRAM_ORIGIN}/bot999:wrong/sendMessage?chat_id=1`,
    );
    w.retailer.setProduct("tg-wrong", { sizes: ["L"] });
    // the blind window shortened to 2 intervals of 1 s (10 intervals and at least 10 min by default)
    await w.start({ scheduler: { blind: { intervals: 2, minMs: 0 } } });
    await eventually(() => expect(telegram.accepted).toHaveLength(1), 20_000);
    const message = telegram.accepted[0];
    expect(message.method).toBe("sendMessage");
    expect(String(message.body.text)).toContain("<b>Deixou de conseguir verificar</b>");
    expect(String(message.body.text)).toContain("Falha &lt;x&gt;");
    expect(telegramHtmlError(String(message.body.text))).toBeNull();
    await eventually(async () => {
      const rows = (await w.notificationRows()).filter((r) => r.productId === wrong);
      expect(rows.map((r) => [r.status, r.lastError])).toEqual([["failed", "HTTP 401"]]);
    });
    // the product read twice more (a retry or a new alert would be a row written with one of those
    // checks) and its outbox settled: nothing is left that could still reach Telegram
    await w.checkedAgain(wrong, 2);
    await w.outboxSettled(wrong);
    expect(telegram.calls.filter((c) => c.token === "999:wrong")).toHaveLength(1);
  });
});
