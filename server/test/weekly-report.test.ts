import { DEFAULT_USER_SETTINGS } from "@common/schemas/settings.js";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MailCatcher } from "../../tools/mail-catcher.js";
import type { Database } from "../src/db/client.js";
import { expenses, inventoryItems, notifications, products, sales, users } from "../src/db/schema.js";
import { Transport } from "../src/engine/fetch/transport.js";
import { createEmailChannel, weeklyReportEmail } from "../src/engine/notify/channels/email.js";
import { Notifier } from "../src/engine/notify/outbox.js";
import { queueWeeklyReports } from "../src/engine/weekly-report.js";
import { saveUserSettings } from "../src/services/settings.js";
import { createTestDatabase, dbKinds, eventually } from "./harness.js";

/** Monday 16/11/2026 09:30 in Lisbon (UTC+0 in November): the week of 09/11 to 15/11 is due */
const MONDAY_0930_LISBON = new Date("2026-11-16T09:30:00Z");

describe.each(dbKinds())("weekly report by e-mail (%s)", (kind) => {
  let database: Database;
  let smtp: MailCatcher;
  let smtpUrl: string;
  let lisbon: number;
  let newYork: number;
  const notifiers: Notifier[] = [];

  /** accounts made before the weeks these tests report, unless `createdAt` says otherwise */
  async function user(name: string, email: string | null, createdAt = new Date("2026-11-01T00:00:00Z")) {
    const [row] = await database.db
      .insert(users)
      .values({ username: `${name}${Date.now()}`.slice(0, 30), passwordHash: "x", email, createdAt })
      .returning({ id: users.id });
    return row.id;
  }

  async function sale(userId: number, name: string, price: string, profit: string, at: string) {
    const [item] = await database.db
      .insert(inventoryItems)
      .values({ userId, name, price: "10.00", status: "sold" })
      .returning({ id: inventoryItems.id });
    await database.db
      .insert(sales)
      .values({ userId, inventoryItemId: item.id, salePrice: price, profit, saleDate: new Date(at) });
  }

  function startNotifier(): Notifier {
    const n = new Notifier({
      db: database.db,
      transport: new Transport(),
      channels: [createEmailChannel(smtpUrl)],
      pollMs: 100,
      idleMs: 100,
      retryBaseMs: 200,
    });
    n.start();
    notifiers.push(n);
    return n;
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = new MailCatcher();
    smtpUrl = await smtp.listen();
    lisbon = await user("lisboa", "lisboa@exemplo.pt");
    newYork = await user("ny", "ny@exemplo.pt");
    await saveUserSettings(database.db, newYork, {
      ...DEFAULT_USER_SETTINGS,
      timezone: "America/New_York",
      currency: "USD",
    });
    const off = await user("semrelatorio", "off@exemplo.pt");
    await saveUserSettings(database.db, off, { ...DEFAULT_USER_SETTINGS, weeklyReport: false });
    await user("semmail", null);

    await sale(lisbon, "Jordan 4 Black Cat", "250.00", "90.00", "2026-11-10T15:00:00Z");
    await sale(lisbon, "Nike Tech Fleece", "80.00", "25.50", "2026-11-15T23:30:00Z"); // Sunday, Lisbon
    await sale(lisbon, "Yeezy Slide", "70.00", "20.00", "2026-11-12T10:00:00Z");
    await sale(lisbon, "Da semana seguinte", "500.00", "300.00", "2026-11-16T00:30:00Z");
    await sale(lisbon, "Da semana anterior", "500.00", "300.00", "2026-11-08T23:59:00Z");
    await sale(lisbon, "Sem lucro", "10.00", "1.00", "2026-11-11T10:00:00Z");
    // recorded in euros, before New York's books went to US$: counted apart, never added
    await sale(newYork, "Em euros", "40.00", "10.00", "2026-11-12T15:00:00Z");
    // expenses count in the week of their day: the first and last days are in, the days around are not
    await database.db.insert(expenses).values([
      {
        userId: lisbon,
        spentOn: "2026-11-09",
        amount: "10.25",
        category: "packaging",
        description: "Caixas",
      },
      {
        userId: lisbon,
        spentOn: "2026-11-15",
        amount: "5.00",
        category: "packaging",
        description: "Fita-cola",
      },
      {
        userId: lisbon,
        spentOn: "2026-11-08",
        amount: "100.00",
        category: "packaging",
        description: "Da semana anterior",
      },
      {
        userId: lisbon,
        spentOn: "2026-11-16",
        amount: "100.00",
        category: "packaging",
        description: "Da semana seguinte",
      },
    ]);
    const [p] = await database.db
      .insert(products)
      .values({
        userId: lisbon,
        name: "Monitor partido",
        productId: "",
        url: "https://x.pt/p",
        webhookUrl: "",
        platform: "nudeproject",
        failureStreak: 4,
      })
      .returning({ id: products.id });
    const restock = (at: string, dest: string) => ({
      userId: lisbon,
      productId: p.id,
      webhookUrl: dest,
      payload: { kind: "restock", at },
      message: "reposição",
      type: "success",
      status: "sent",
      createdAt: new Date(at),
    });
    await database.db.insert(notifications).values([
      // one restock alerted on two destinations counts once
      restock("2026-11-10T08:00:00Z", "https://discord.com/api/webhooks/1/a"),
      restock("2026-11-10T08:00:00Z", "mailto:lisboa@exemplo.pt"),
      restock("2026-11-13T08:00:00Z", "https://discord.com/api/webhooks/1/a"),
      restock("2026-11-17T08:00:00Z", "https://discord.com/api/webhooks/1/a"),
    ]);
  });
  afterEach(async () => {
    await Promise.all(notifiers.splice(0).map((n) => n.stop()));
  });
  afterAll(async () => {
    await smtp.close();
    await database.close();
  });

  it("Monday 09:00 in the user's zone: one report per user and week with the week's figures, however many workers", async () => {
    // Sunday evening: the week before (02/11 to 08/11) is due for both; marked sent here, not mailed
    expect(await queueWeeklyReports(database.db, new Date("2026-11-15T20:00:00Z"))).toBe(2);
    await database.db
      .update(notifications)
      .set({ status: "sent" })
      .where(eq(notifications.status, "pending"));
    // Monday 08:59 in Lisbon: not yet
    expect(await queueWeeklyReports(database.db, new Date("2026-11-16T08:59:00Z"))).toBe(0);
    // two workers at once, then a restarted one
    const counts = await Promise.all([
      queueWeeklyReports(database.db, MONDAY_0930_LISBON),
      queueWeeklyReports(database.db, MONDAY_0930_LISBON),
    ]);
    expect(counts[0] + counts[1]).toBe(1); // Lisbon only: 04:30 in New York
    expect(await queueWeeklyReports(database.db, new Date("2026-11-16T13:59:00Z"))).toBe(0);
    // 09:00 in New York is 14:00 UTC
    expect(await queueWeeklyReports(database.db, new Date("2026-11-16T14:00:00Z"))).toBe(1);
    expect(await queueWeeklyReports(database.db, new Date("2026-11-18T10:00:00Z"))).toBe(0);

    const workers = [startNotifier(), startNotifier()]; // a second worker delivering the same outbox
    await eventually(() => expect(smtp.mails).toHaveLength(2), 15_000);
    // no row left to send (each marked sent or failed) and neither worker holding one: nothing is
    // left that could be sent twice
    await eventually(async () => {
      const open = await database.db
        .select()
        .from(notifications)
        .where(inArray(notifications.status, ["pending", "sending"]));
      expect(open).toEqual([]);
      expect(workers.map((n) => n.heldCount)).toEqual([0, 0]);
    }, 15_000);
    expect(smtp.mails).toHaveLength(2);
    const mail = smtp.mails.find((m) => m.rcpt[0] === "lisboa@exemplo.pt")!;
    expect(mail.subject).toBe("Stock Monitor — Relatório semanal (09/11/2026 a 15/11/2026)");
    const text = String(mail.text);
    expect(text).toContain("Vendas: 4");
    expect(text).toMatch(/Receita: 410,00\s€/);
    // 136,50 € of sales' profit less the week's 15,25 € of expenses, which the report lists
    expect(text).toMatch(/Receita: 410,00\s€\nDespesas: 15,25\s€\nLucro: 121,25\s€/);
    expect(text).toContain("Reposições de stock vistas: 2");
    expect(text).toContain("Monitores com falhas: 1");
    expect(text).toMatch(
      /Melhores artigos:\n- Jordan 4 Black Cat — 90,00\s€\n- Nike Tech Fleece — 25,50\s€\n- Yeezy Slide — 20,00\s€/,
    );
    expect(text).toContain("- Monitor partido");
    expect(String(mail.html)).toContain('<h2 style="margin:0 0 8px">Relatório semanal</h2>');
    const ny = smtp.mails.find((m) => m.rcpt[0] === "ny@exemplo.pt")!;
    expect(ny.subject).toContain("09/11/2026 a 15/11/2026");
    expect(String(ny.text)).toContain("Vendas: 0");
    // books kept in dollars: the report's amounts are in US$, never €
    expect(String(ny.text)).toMatch(/Receita: 0,00\sUS\$/);
    expect(String(ny.text)).not.toContain("€");
    expect(String(ny.text)).toMatch(/Lucro: 0,00\sUS\$\n[\s\S]*\n\n1 venda noutra moeda não está nos totais/);
    expect(String(ny.html)).toContain("1 venda noutra moeda não está nos totais");
    expect(String(ny.text)).not.toContain("Em euros");
    // Lisbon's sales are all in its euros: nothing is said
    expect(text).not.toContain("noutra moeda");

    const rows = await database.db.execute(
      sql`select dedupe_key, status from notifications where dedupe_key like '%:2026-11-16' order by dedupe_key`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { dedupe_key: `weekly:${lisbon}:2026-11-16`, status: "sent" },
      { dedupe_key: `weekly:${newYork}:2026-11-16`, status: "sent" },
    ]);
    // the next Monday is a new week
    expect(await queueWeeklyReports(database.db, new Date("2026-11-23T09:00:00Z"))).toBe(1);
    await database.db.delete(notifications).where(eq(notifications.status, "pending"));
  });

  it("the report in the user's language: English in London, Spanish in Madrid", async () => {
    const london = await user("london", "london@example.co.uk");
    await saveUserSettings(database.db, london, {
      ...DEFAULT_USER_SETTINGS,
      language: "en",
      timezone: "Europe/London",
    });
    const madrid = await user("madrid", "madrid@ejemplo.es");
    await saveUserSettings(database.db, madrid, {
      ...DEFAULT_USER_SETTINGS,
      language: "es",
      timezone: "Europe/Madrid",
    });
    await sale(london, "Air Max 90", "120.00", "40.00", "2026-11-25T12:00:00Z");
    await sale(madrid, "Air Max 90", "120.00", "40.00", "2026-11-25T12:00:00Z");
    // a sale whose item is gone is named by the language's word for an item
    await database.db.insert(sales).values({
      userId: madrid,
      salePrice: "30.00",
      profit: "5.00",
      saleDate: new Date("2026-11-26T12:00:00Z"),
    });
    // Monday 30/11 10:00 UTC: 10:00 in London, 11:00 in Madrid (and 10:00 in Lisbon)
    expect(await queueWeeklyReports(database.db, new Date("2026-11-30T10:00:00Z"))).toBe(3);
    startNotifier();
    const mailTo = (address: string) => smtp.mails.find((m) => m.rcpt[0] === address);
    await eventually(() => {
      expect(mailTo("london@example.co.uk")).toBeDefined();
      expect(mailTo("madrid@ejemplo.es")).toBeDefined();
    }, 15_000);

    const en = mailTo("london@example.co.uk")!;
    expect(en.subject).toBe("Stock Monitor — Weekly report (23/11/2026 to 29/11/2026)");
    const enText = String(en.text);
    expect(enText).toContain("Weekly report (23/11/2026 to 29/11/2026)");
    expect(enText).toContain("Sales: 1");
    expect(enText).toContain("Revenue: €120.00");
    expect(enText).toContain("Profit: €40.00");
    expect(enText).toContain("Restocks seen: 0");
    expect(enText).toContain("Monitors with failures: 0");
    expect(enText).toContain("Best items:\n- Air Max 90 — €40.00");
    expect(String(en.html)).toContain('lang="en-GB"');
    expect(String(en.html)).toContain('<h2 style="margin:0 0 8px">Weekly report</h2>');
    expect(String(en.html)).toContain("<h3>Best items</h3>");

    const es = mailTo("madrid@ejemplo.es")!;
    expect(es.subject).toBe("Stock Monitor — Informe semanal (del 23/11/2026 al 29/11/2026)");
    const esText = String(es.text);
    expect(esText).toContain("Ventas: 2");
    expect(esText).toMatch(/Ingresos: 150,00\s€/);
    expect(esText).toMatch(/Beneficio: 45,00\s€/);
    expect(esText).toContain("Reposiciones de stock vistas: 0");
    expect(esText).toContain("Monitores con fallos: 0");
    expect(esText).toMatch(/Mejores artículos:\n- Air Max 90 — 40,00\s€\n- Artículo — 5,00\s€/);
    expect(String(es.html)).toContain('lang="es-ES"');
    expect(String(es.html)).toContain('<h2 style="margin:0 0 8px">Informe semanal</h2>');

    // Lisbon's report of the same week stays in pt-PT
    const ptSubject = "Stock Monitor — Relatório semanal (23/11/2026 a 29/11/2026)";
    await eventually(() => expect(smtp.mails.map((m) => m.subject)).toContain(ptSubject));
  });

  it("no report of a week that ended before the account existed; the week it was created in is reported", async () => {
    // created Tuesday 08/12/2026 in New York (UTC-5): the week of 30/11 to 06/12 ended before it
    const late = await user("tarde", "tarde@exemplo.pt", new Date("2026-12-08T15:00:00Z"));
    await saveUserSettings(database.db, late, { ...DEFAULT_USER_SETTINGS, timezone: "America/New_York" });
    // and one created the very minute its week ended (Monday 07/12 00:00 in Lisbon): not reported either
    const atMidnight = await user("meianoite", "meianoite@exemplo.pt", new Date("2026-12-07T00:00:00Z"));
    const reportsOf = async (id: number) =>
      (await database.db.select().from(notifications).where(eq(notifications.userId, id))).map(
        (n) => n.dedupeKey,
      );

    await queueWeeklyReports(database.db, new Date("2026-12-07T15:00:00Z"));
    await queueWeeklyReports(database.db, new Date("2026-12-08T16:00:00Z"));
    expect(await reportsOf(late)).toEqual([]);
    expect(await reportsOf(atMidnight)).toEqual([]);

    // Monday 14/12 09:00 in each zone: the week of 07/12 to 13/12, which both accounts lived in
    await queueWeeklyReports(database.db, new Date("2026-12-14T14:00:00Z"));
    expect(await reportsOf(late)).toEqual([`weekly:${late}:2026-12-14`]);
    expect(await reportsOf(atMidnight)).toEqual([`weekly:${atMidnight}:2026-12-14`]);
    await database.db.delete(notifications).where(eq(notifications.status, "pending"));
  });
});

describe("the weekly report's line of sales in another currency", () => {
  const report = {
    from: "2026-11-09",
    to: "2026-11-15",
    timeZone: "Europe/Lisbon",
    currency: "USD",
    sales: 1,
    revenue: "10.00",
    profit: "5.00",
    best: [],
    restocks: 0,
    failing: [],
  };
  it("is in the report's language, singular or plural; absent with none or in a report queued before it", () => {
    expect(weeklyReportEmail({ ...report, otherCurrencySales: 2 }, "en").text).toContain(
      "2 sales in another currency are not in the totals",
    );
    expect(weeklyReportEmail({ ...report, otherCurrencySales: 1 }, "es").text).toContain(
      "1 venta en otra moneda no está en los totales",
    );
    expect(weeklyReportEmail({ ...report, otherCurrencySales: 3 }).text).toContain(
      "3 vendas noutra moeda não estão nos totais",
    );
    expect(weeklyReportEmail({ ...report, otherCurrencySales: 0 }).text).not.toContain("noutra moeda");
    expect(weeklyReportEmail(report).html).not.toContain("noutra moeda");
  });
});
