import { onlyChannels } from "@common/alert-channels.js";
import { eq } from "drizzle-orm";
import { MailCatcher } from "../../tools/mail-catcher.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema.js";
import { saveUserSettings } from "../src/services/settings.js";
import { DEFAULT_USER_SETTINGS } from "@common/schemas/settings.js";
import { createWorld, embedsOf, eventually, type World } from "./engine-support.js";
import { createTestApp, createTestDatabase, dbKinds, type TestApp } from "./harness.js";

const SHOP = "https://nudeproject.com";

describe.each(dbKinds())("e-mail alerts over SMTP (%s)", (kind) => {
  let w: World;
  let smtp: MailCatcher;
  let smtpUrl: string;
  // the weekly report goes out on Mondays from 09:00: off here, so only alerts reach the catcher
  // (the weekly report has its own test with a fixed clock)
  const settings = { ...DEFAULT_USER_SETTINGS, weeklyReport: false };
  const start = () => w.start({ config: { monitorProxies: [], monitorRedirect: w.redirects, smtpUrl } });
  beforeAll(async () => {
    w = await createWorld(await createTestDatabase(kind));
    smtp = new MailCatcher();
    smtpUrl = await smtp.listen();
    await w.database.db.update(users).set({ email: "revenda@exemplo.pt" }).where(eq(users.id, w.userId));
    await saveUserSettings(w.database.db, w.userId, settings);
  });
  afterEach(async () => {
    await w.reset();
    smtp.mails.length = 0;
    smtp.tempFailures = 0;
    await saveUserSettings(w.database.db, w.userId, settings);
  });
  afterAll(async () => {
    await w.close();
    await smtp.close();
    await w.database.close();
  });

  it("restock → the Discord alert and one e-mail (HTML + text, pt-PT) to the owner", async () => {
    w.retailer.setProduct("mail-hoodie", { sizes: ["S", "M"], price: "69.90" });
    const id = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/mail-hoodie`,
      name: "Hoodie <Azul>",
    });
    await start();
    await w.webhook.waitForAccepted(1);
    await eventually(() => expect(smtp.mails).toHaveLength(1), 15_000);
    // the Discord row and the e-mail row, both sent for good: no second e-mail can follow
    expect((await w.outboxSettled(id, 2)).map((r) => r.status)).toEqual(["sent", "sent"]);
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail.rcpt).toEqual(["revenda@exemplo.pt"]);
    expect(mail.from?.text).toBe("alertas@stock.test");
    expect(mail.subject).toBe("Stock Monitor — Hoodie <Azul>: em stock (S, M)");
    expect(mail.text).toContain("Em stock: Hoodie <Azul>");
    expect(mail.text).toMatch(/Preço: 69,90\s€/);
    expect(mail.text).toContain("Novos tamanhos: S, M");
    expect(mail.text).toMatch(/Carrinho S: https?:\/\/\S+\/cart\/\d+:1/);
    const html = String(mail.html);
    expect(html).toContain('lang="pt-PT"');
    expect(html).toContain(`<a href="${SHOP}/products/mail-hoodie">Hoodie &lt;Azul&gt;</a>`);
    expect(html).toMatch(/<th align="left">Estado<\/th><td>Em Stock<\/td>/);
    await eventually(async () => {
      const rows = (await w.notificationRows()).filter((r) => r.productId === id);
      expect(
        rows.map((r) => [r.webhookUrl?.startsWith("mailto:") ? "email" : "webhook", r.status]).sort(),
      ).toEqual([
        ["email", "sent"],
        ["webhook", "sent"],
      ]);
    });
  });

  it.each([
    {
      language: "en" as const,
      title: "In stock",
      subject: "Stock Monitor — Hoodie <Azul>: in stock (S, M)",
      price: /Price: €69\.90/,
      lines: ["In stock: Hoodie <Azul>", "New sizes: S, M", "Shop: Nude Project"],
      cart: /Basket S: https?:\/\/\S+\/cart\/\d+:1/,
      html: ['lang="en-GB"', '<th align="left">Status</th><td>In Stock</td>'],
      discord: { Price: "€69.90", Status: "In Stock", "New sizes": "S, M", "Available sizes": "S, M" },
      addToCart: "Add to basket",
    },
    {
      language: "es" as const,
      title: "En stock",
      subject: "Stock Monitor — Hoodie <Azul>: en stock (S, M)",
      price: /Precio: 69,90\s€/,
      lines: ["En stock: Hoodie <Azul>", "Nuevas tallas: S, M", "Tienda: Nude Project"],
      cart: /Carrito S: https?:\/\/\S+\/cart\/\d+:1/,
      html: ['lang="es-ES"', '<th align="left">Estado</th><td>En Stock</td>'],
      discord: {
        Precio: "69,90\u00a0€",
        Estado: "En Stock",
        "Nuevas tallas": "S, M",
        "Tallas disponibles": "S, M",
      },
      addToCart: "Añadir al carrito",
    },
  ])(
    "restock for an owner who reads $language → the Discord embed and the e-mail in $language",
    async (c) => {
      await saveUserSettings(w.database.db, w.userId, { ...settings, language: c.language });
      w.retailer.setProduct(`mail-${c.language}`, { sizes: ["S", "M"], price: "69.90" });
      await w.addProduct({
        platform: "nudeproject",
        url: `${SHOP}/products/mail-${c.language}`,
        name: "Hoodie <Azul>",
      });
      await start();
      await w.webhook.waitForAccepted(1);
      const [embed] = embedsOf(w.webhook.received[0].body);
      expect(embed.description).toBe(c.title);
      const fields = Object.fromEntries(embed.fields.map((f) => [f.name, f.value.replace(/\s/g, "\u00a0")]));
      for (const [name, value] of Object.entries(c.discord))
        expect(fields[name]).toBe(value.replace(/\s/g, "\u00a0"));
      expect(embed.fields.find((f) => f.name.endsWith(" S"))?.value).toMatch(
        new RegExp(`^\\[${c.addToCart}\\]\\(https?://\\S+/cart/\\d+:1\\)$`),
      );
      await eventually(() => expect(smtp.mails).toHaveLength(1), 15_000);
      const [mail] = smtp.mails;
      expect(mail.subject).toBe(c.subject);
      for (const line of c.lines) expect(mail.text).toContain(line);
      expect(mail.text).toMatch(c.price);
      expect(mail.text).toMatch(c.cart);
      for (const part of c.html) expect(String(mail.html)).toContain(part);
    },
  );

  it("a temporary SMTP refusal (451) is retried, then delivered once", async () => {
    smtp.tempFailures = 1;
    w.retailer.setProduct("mail-retry", { sizes: ["L"] });
    const id = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/mail-retry` });
    await start();
    await eventually(() => expect(smtp.mails).toHaveLength(1), 20_000);
    await eventually(async () => {
      const rows = (await w.notificationRows()).filter(
        (r) => r.productId === id && r.webhookUrl?.startsWith("mailto:"),
      );
      expect(rows.map((r) => [r.status, r.attempts])).toEqual([["sent", 2]]);
    });
  });

  it("'Notificações por email' off in Settings → no e-mail, Discord still alerted", async () => {
    await saveUserSettings(w.database.db, w.userId, { ...settings, emailNotifications: false });
    w.retailer.setProduct("mail-off", { sizes: ["M"] });
    const id = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/mail-off` });
    await start();
    await w.webhook.waitForAccepted(1);
    const rows = await w.outboxSettled(id);
    expect(rows.map((r) => r.webhookUrl)).toEqual([expect.stringContaining("discord.com")]);
    expect(smtp.mails).toHaveLength(0);
  });

  it("a product that chose e-mail alone → the e-mail, not its webhook, while Settings have e-mail off", async () => {
    await saveUserSettings(w.database.db, w.userId, { ...settings, emailNotifications: false });
    w.retailer.setProduct("mail-only", { sizes: ["XS"] });
    const id = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/mail-only`,
      alertChannels: onlyChannels("email"),
    });
    await start();
    await eventually(() => expect(smtp.mails).toHaveLength(1), 15_000);
    const rows = await w.outboxSettled(id);
    expect(rows.map((r) => r.webhookUrl)).toEqual(["mailto:revenda@exemplo.pt"]);
    expect(w.webhook.received).toHaveLength(0);
  });

  it("without SMTP_URL no e-mail row is queued", async () => {
    w.retailer.setProduct("mail-unset", { sizes: ["M"] });
    const id = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/mail-unset` });
    await w.start();
    await w.webhook.waitForAccepted(1);
    const rows = await w.outboxSettled(id);
    expect(rows.map((r) => r.webhookUrl)).toEqual([expect.stringContaining("discord.com")]);
    expect(smtp.mails).toHaveLength(0);
  });
});

describe.each(dbKinds())("the e-mail switch and the server's SMTP (%s)", (kind) => {
  let without: TestApp;
  let withSmtp: TestApp;
  beforeAll(async () => {
    without = await createTestApp(kind, { config: { smtpUrl: undefined } });
    withSmtp = await createTestApp(kind, { config: { smtpUrl: "smtp://127.0.0.1:2525" } });
    for (const t of [without, withSmtp]) await t.createUser({ username: "ana" });
  });
  afterAll(async () => {
    await without.close();
    await withSmtp.close();
  });
  const request = (t: TestApp, cookie: string, method: "GET" | "PUT", payload?: object) =>
    t.app.inject({ method, url: "/api/settings", headers: { cookie }, payload });

  it("says whether the server can send e-mail", async () => {
    expect((await request(without, await without.login("ana"), "GET")).json().emailConfigured).toBe(false);
    expect((await request(withSmtp, await withSmtp.login("ana"), "GET")).json().emailConfigured).toBe(true);
  });

  it("refuses to turn e-mail alerts on without SMTP, in Portuguese, and saves nothing", async () => {
    const cookie = await without.login("ana");
    const off = await request(without, cookie, "PUT", { user: { emailNotifications: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().user.emailNotifications).toBe(false);
    const on = await request(without, cookie, "PUT", { user: { emailNotifications: true, currency: "USD" } });
    expect(on.statusCode).toBe(400);
    expect(on.json().message).toBe("O servidor não tem e-mail configurado.");
    expect(on.json().errors).toEqual([
      { path: "user.emailNotifications", message: "O servidor não tem e-mail configurado." },
    ]);
    const after = (await request(without, cookie, "GET")).json().user;
    expect(after).toMatchObject({ emailNotifications: false, currency: "EUR" });
    // the other preferences still save, the switch left as it is
    const other = await request(without, cookie, "PUT", { user: { ...after, currency: "GBP" } });
    expect(other.statusCode).toBe(200);
  });

  it("lets an unchanged 'on' (a new user's default) through, so other preferences still save", async () => {
    await without.createUser({ username: "rui" });
    const cookie = await without.login("rui");
    const res = await request(without, cookie, "PUT", { user: { emailNotifications: true, theme: "dark" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.theme).toBe("dark");
  });

  it("turns them off and on again where SMTP is set up", async () => {
    const cookie = await withSmtp.login("ana");
    expect((await request(withSmtp, cookie, "PUT", { user: { emailNotifications: false } })).statusCode).toBe(
      200,
    );
    const on = await request(withSmtp, cookie, "PUT", { user: { emailNotifications: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json().user.emailNotifications).toBe(true);
  });
});
