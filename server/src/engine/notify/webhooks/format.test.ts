import { describe, expect, it } from "vitest";
import { type AlertPayload, alertSummary, alertText } from "../alert.js";
import { DISCORD_LIMITS, type DiscordMessage } from "./discord.js";
import { webhookKindOf } from "./index.js";

const destinationOf = (webhookUrl: string) => webhookKindOf(webhookUrl).key;
/** the body an alert is posted with to this webhook */
const formatAlert = (webhookUrl: string, alert: AlertPayload): unknown =>
  webhookKindOf(webhookUrl).alertRequest(webhookUrl, alert).body;

const alert = (change: Partial<AlertPayload> = {}): AlertPayload => ({
  kind: "restock",
  productId: 1,
  productName: "NUDE HOODIE",
  productUrl: "https://nudeproject.com/products/hoodie",
  platform: "nudeproject",
  status: "in_stock",
  imageUrl: "https://cdn.shopify.com/hoodie.jpg",
  price: "1234.5",
  sizes: ["S", "M"],
  newSizes: ["M"],
  cartLinks: [{ size: "S", url: "https://nudeproject.com/cart/1:1" }],
  at: "2026-05-01T10:00:00.000Z",
  ...change,
});

const DISCORD = "https://discord.com/api/webhooks/1/abc";
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const chars = (m: DiscordMessage) =>
  m.embeds.reduce(
    (n, e) =>
      n +
      e.title.length +
      (e.description?.length ?? 0) +
      e.footer.text.length +
      e.fields.reduce((s, f) => s + f.name.length + f.value.length, 0),
    0,
  );

describe("webhook formats", () => {
  it("chooses the format from the URL", () => {
    expect(destinationOf(DISCORD)).toBe("discord");
    expect(destinationOf("https://discordapp.com/api/webhooks/1/x")).toBe("discord");
    expect(destinationOf("https://hooks.slack.com/services/T/B/X")).toBe("slack");
    expect(destinationOf("https://example.com/hook")).toBe("generic");
  });

  it("Discord: a pt-PT embed with link, thumbnail, price, status, sizes, platform, colour and cart links", () => {
    const m = formatAlert(DISCORD, alert()) as DiscordMessage;
    const [e] = m.embeds;
    expect(e.title).toBe("NUDE HOODIE");
    expect(e.url).toBe("https://nudeproject.com/products/hoodie");
    expect(e.thumbnail?.url).toBe("https://cdn.shopify.com/hoodie.jpg");
    expect(e.timestamp).toBe("2026-05-01T10:00:00.000Z");
    expect(e.color).toBe(0x2ecc71);
    const f = Object.fromEntries(e.fields.map((x) => [x.name, x.value]));
    expect(f.Preço.replace(/\s/g, " ")).toBe("1234,50 €");
    expect(f.Estado).toBe("Em Stock");
    expect(f.Plataforma).toBe("Nude Project");
    expect(f["Novos tamanhos"]).toBe("M");
    expect(f["Tamanhos disponíveis"]).toBe("S, M");
    expect(f["Carrinho S"]).toBe("[Adicionar ao carrinho](https://nudeproject.com/cart/1:1)");
    expect(
      (formatAlert(DISCORD, alert({ kind: "sold_out", status: "out_of_stock" })) as DiscordMessage).embeds[0]
        .color,
    ).toBe(0xe74c3c);
    expect((formatAlert(DISCORD, alert({ status: "low_stock" })) as DiscordMessage).embeds[0].color).toBe(
      0xf1c40f,
    );
  });

  it("Discord: obeys 10 embeds, 25 fields, 256 title, 1024 per value and 6000 in total", () => {
    const sizes = Array.from({ length: 400 }, (_, i) => `Tamanho ${i} ${"x".repeat(20)}`);
    const big = alert({
      productName: "N".repeat(400),
      sizes,
      newSizes: sizes,
      cartLinks: sizes.map((size, i) => ({ size, url: `https://nudeproject.com/cart/${i}:1` })),
    });
    const m = formatAlert(DISCORD, big) as DiscordMessage;
    for (const e of m.embeds) {
      expect(e.title.length).toBeLessThanOrEqual(DISCORD_LIMITS.title);
      expect(e.fields.length).toBeLessThanOrEqual(25);
      for (const f of e.fields) expect(f.value.length).toBeLessThanOrEqual(1024);
    }
    expect(chars(m)).toBeLessThanOrEqual(6000);

    const items = Array.from({ length: 30 }, (_, i) => ({
      id: String(i),
      title: `${"Casaco ".repeat(60)}${i}`,
      price: "10.00",
      url: `https://www.vinted.pt/items/${i}`,
    }));
    const many = formatAlert(
      DISCORD,
      alert({ kind: "vinted_new_items", platform: "vinted", items }),
    ) as DiscordMessage;
    expect(many.embeds.length).toBeLessThanOrEqual(10);
    expect(chars(many)).toBeLessThanOrEqual(6000);
  });

  it("Discord counts UTF-16 units: a title of 300 emoji is cut to 256 units without splitting one", () => {
    const emoji = "🔥".repeat(300); // 600 UTF-16 units
    const m = formatAlert(DISCORD, alert({ productName: emoji })) as DiscordMessage;
    const title = m.embeds[0].title;
    expect(title.length).toBeLessThanOrEqual(DISCORD_LIMITS.title);
    expect(title.endsWith("…")).toBe(true);
    expect(title).not.toMatch(LONE_SURROGATE);
    expect(title.slice(0, -1)).toBe("🔥".repeat(127));

    const family = "👨‍👩‍👧".repeat(100); // grapheme clusters of 8 units each
    const cut = (formatAlert(DISCORD, alert({ productName: family })) as DiscordMessage).embeds[0].title;
    expect(cut.length).toBeLessThanOrEqual(DISCORD_LIMITS.title);
    expect(cut.slice(0, -1)).toBe("👨‍👩‍👧".repeat(31));

    const items = Array.from({ length: 10 }, (_, i) => ({
      id: String(i),
      title: `${emoji}${i}`,
      price: "10.00",
      url: `https://www.vinted.pt/items/${i}`,
      brand: "🧥".repeat(600),
    }));
    const drop = formatAlert(
      DISCORD,
      alert({ kind: "vinted_new_items", platform: "vinted", productName: emoji, items }),
    ) as DiscordMessage;
    expect(drop.embeds).toHaveLength(10);
    expect(chars(drop)).toBeLessThanOrEqual(DISCORD_LIMITS.total);
    for (const e of drop.embeds) {
      expect(e.title.length).toBeLessThanOrEqual(DISCORD_LIMITS.title);
      expect(e.title).not.toMatch(LONE_SURROGATE);
      expect(e.url).toMatch(/^https:\/\/www\.vinted\.pt\/items\/\d$/);
    }
  });

  it("Slack: third-party text cannot inject mrkdwn links or mentions", () => {
    const hostile = "<!channel> <https://evil.example|Clique> & co";
    const slack = formatAlert(
      "https://hooks.slack.com/services/T/B/X",
      alert({
        kind: "vinted_new_items",
        platform: "vinted",
        productName: hostile,
        sizes: ["<@U123>"],
        items: [{ id: "1", title: hostile, url: "https://www.vinted.pt/items/1?a=b|c>d", price: "4.00" }],
      }),
    ) as { text: string; blocks: { text?: { text: string }; fields?: { text: string }[] }[] };
    const texts = [
      slack.text,
      ...slack.blocks.flatMap((b) => [b.text?.text ?? "", ...(b.fields ?? []).map((f) => f.text)]),
    ];
    const all = texts.join("\n");
    expect(all).not.toContain("<!channel>");
    expect(all).not.toContain("<@U123>");
    expect(all).not.toContain("<https://evil.example");
    expect(all).toContain("&lt;!channel&gt; &lt;https://evil.example|Clique&gt; &amp; co");
    expect(all).toContain("<https://www.vinted.pt/items/1?a=b%7Cc%3Ed|");
  });

  it("Discord: retailer text cannot bold, hide, quote, mention or make masked links", () => {
    const hostile = "**Grátis** [Clique aqui](https://evil.example) ||segredo|| <@123> `x` ~~y~~ __z__";
    const m = formatAlert(
      DISCORD,
      alert({
        productName: hostile,
        sizes: ["# Título", "- lista", "> citação", "1. um"],
        newSizes: ["[M](https://evil.example)"],
        error: "falhou: [login](https://evil.example/phish)",
        cartLinks: [
          { size: "*S*", url: "https://nudeproject.com/cart/1:1) [x](https://evil.example" },
          { size: "L", url: "javascript:alert(1)" },
        ],
      }),
    ) as DiscordMessage;
    expect(m.allowed_mentions).toEqual({ parse: [] });
    const [e] = m.embeds;
    const texts = [e.title, e.description ?? "", ...e.fields.flatMap((f) => [f.name, f.value])];
    // every markdown character of the retailer's text is escaped: none starts formatting or a link
    const unescaped = /(?<!\\)[*_~`|[\]<]/;
    for (const text of texts.filter((t) => !t.startsWith("[Adicionar ao carrinho]("))) {
      expect(text).not.toMatch(unescaped);
    }
    // read back as Discord does (a backslash shows the character after it), the text is unchanged
    const shown = (text: string) => text.replace(/\\(.)/g, "$1");
    expect(shown(e.title)).toBe(hostile);
    const f = Object.fromEntries(e.fields.map((x) => [shown(x.name), x.value]));
    expect(shown(f["Tamanhos disponíveis"])).toBe("# Título, - lista, > citação, 1. um");
    expect(f["Tamanhos disponíveis"].startsWith("\\#")).toBe(true);
    expect(shown(f["Novos tamanhos"])).toBe("[M](https://evil.example)");
    expect(shown(f.Motivo)).toBe("falhou: [login](https://evil.example/phish)");
    // a cart link's target cannot close the link early; a link that is not http(s) is left out
    expect(f["Carrinho *S*"]).toBe(
      "[Adicionar ao carrinho](https://nudeproject.com/cart/1:1%29%20[x]%28https://evil.example)",
    );
    expect(f["Carrinho L"]).toBeUndefined();
    // Vinted: a seller's title, size and brand
    const items = formatAlert(
      DISCORD,
      alert({
        kind: "vinted_new_items",
        platform: "vinted",
        productName: "Loja _da_ Ana",
        items: [
          {
            id: "1",
            title: "[Casaco](https://evil.example)",
            url: "https://www.vinted.pt/items/1",
            size: "||M||",
            brand: "<@&99>",
            price: null,
          },
        ],
      }),
    ) as DiscordMessage;
    const [item] = items.embeds;
    expect(item.title).toBe("\\[Casaco\\](https://evil.example)");
    expect(item.description).toContain("Loja \\_da\\_ Ana");
    expect(item.fields.map((x) => x.value)).toEqual(["\\|\\|M\\|\\|", "\\<@&99>"]);
  });

  it("Slack gets blocks with a text fallback; others get plain JSON", () => {
    const slack = formatAlert("https://hooks.slack.com/services/T/B/X", alert()) as {
      text: string;
      blocks: unknown[];
    };
    expect(slack.text).toContain("NUDE HOODIE");
    expect(slack.blocks.length).toBeGreaterThan(0);
    const generic = formatAlert("https://example.com/hook", alert()) as Record<string, unknown>;
    expect(generic).toMatchObject({
      event: "restock",
      productName: "NUDE HOODIE",
      sizes: ["S", "M"],
      price: "1234.5",
    });
  });

  it("amounts keep their currency in every format; nothing non-EUR carries €", () => {
    const yen = alert({ price: "19800.00", currency: "JPY" });
    const discord = formatAlert(DISCORD, yen) as DiscordMessage;
    const price = discord.embeds[0].fields.find((f) => f.name === "Preço")?.value ?? "";
    expect(price.replace(/\s/g, " ")).toBe("19 800 JP¥");
    const slack = JSON.stringify(formatAlert("https://hooks.slack.com/services/T/B/X", yen));
    expect(slack).toContain("JP¥");
    expect(slack).not.toContain("€");
    expect(formatAlert("https://example.com/hook", yen)).toMatchObject({
      currency: "JPY",
      price: "19800.00",
    });
    const items = alert({
      kind: "vinted_new_items",
      price: null,
      items: [
        { id: "1", title: "Kurtka", url: "https://www.vinted.pl/items/1", price: "89.00", currency: "PLN" },
      ],
    });
    const vinted = JSON.stringify(formatAlert(DISCORD, items));
    expect(vinted.replace(/\s/g, " ")).toContain("89,00 PLN");
    expect(vinted).not.toContain("€");
    const usd = formatAlert(DISCORD, alert({ price: "12.34", currency: "USD" })) as DiscordMessage;
    expect(usd.embeds[0].fields.find((f) => f.name === "Preço")?.value.replace(/\s/g, " ")).toBe("12,34 US$");
    // alerts queued before currencies were kept are euros
    expect(JSON.stringify(formatAlert(DISCORD, alert()))).toContain("€");
  });
});

describe("alerts in the owner's language", () => {
  const SLACK = "https://hooks.slack.com/services/T/B/X";
  const GENERIC = "https://example.com/hook";
  const vinted = (language: AlertPayload["language"]) =>
    alert({
      kind: "vinted_new_items",
      language,
      productName: "Loja da Ana",
      price: null,
      part: { index: 1, count: 3 },
      items: [
        {
          id: "1",
          title: "Casaco",
          url: "https://www.vinted.pt/items/1",
          price: "20.00",
          size: "M",
          brand: "Zara",
        },
      ],
    });

  it("Slack and generic JSON: titles, labels, summary and price text in en and es", () => {
    const en = JSON.stringify(formatAlert(SLACK, alert({ language: "en" })));
    expect(en).toContain("*In stock*:");
    expect(en).toContain("*Status:*\\nIn Stock");
    expect(en).toContain("*Price:*\\n€1,234.50");
    expect(en).toContain("*Sizes:*\\nS, M");
    expect(en).toContain("*New:*\\nM");
    expect(en).toContain('"text":"NUDE HOODIE: in stock (M)"');
    const es = JSON.stringify(formatAlert(SLACK, alert({ language: "es" })));
    expect(es).toContain("*En stock*:");
    expect(es).toContain("*Estado:*\\nEn Stock");
    expect(es).toMatch(/\*Precio:\*\\n1234,50\s€/);
    expect(es).toContain("*Tallas:*\\nS, M");
    expect(es).toContain("*Nuevas:*\\nM");

    expect(formatAlert(GENERIC, alert({ language: "en" }))).toMatchObject({
      event: "restock",
      language: "en",
      title: "In stock",
      message: "NUDE HOODIE: in stock (M)",
      priceText: "€1,234.50",
    });
    const generic = formatAlert(GENERIC, alert({ kind: "sold_out", status: "out_of_stock", language: "es" }));
    expect(generic).toMatchObject({ language: "es", title: "Agotado", message: "NUDE HOODIE: agotado" });
    // a row queued before languages: pt-PT, as before
    expect(formatAlert(GENERIC, alert())).toMatchObject({ language: "pt", title: "Em stock" });
  });

  it("Discord: Vinted items and a failing check in en and es", () => {
    const en = formatAlert(DISCORD, vinted("en")) as DiscordMessage;
    expect(en.embeds[0].description).toBe("New items (1/3) · Loja da Ana");
    expect(en.embeds[0].fields.map((f) => f.name)).toEqual(["Price", "Size", "Brand"]);
    const es = formatAlert(DISCORD, vinted("es")) as DiscordMessage;
    expect(es.embeds[0].description).toBe("Artículos nuevos (1/3) · Loja da Ana");
    expect(es.embeds[0].fields.map((f) => f.name)).toEqual(["Precio", "Talla", "Marca"]);
    const failing = (language: AlertPayload["language"]) =>
      (
        formatAlert(
          DISCORD,
          alert({
            kind: "check_failing",
            status: "unknown",
            error: "bloqueado (Cloudflare)",
            reason: "blocked",
            price: null,
            language,
          }),
        ) as DiscordMessage
      ).embeds[0];
    expect(failing("en")).toMatchObject({ description: "Can no longer check" });
    // the reason in the owner's language, the wall's name as it is
    expect(failing("en").fields.map((f) => [f.name, f.value])).toContainEqual([
      "Reason",
      "blocked (Cloudflare)",
    ]);
    expect(failing("pt").fields.map((f) => [f.name, f.value])).toContainEqual([
      "Motivo",
      "bloqueado (Cloudflare)",
    ]);
    // queued before reasons were kept: its stored words
    const old = formatAlert(
      DISCORD,
      alert({ kind: "check_failing", status: "unknown", error: "bloqueado", price: null, language: "en" }),
    ) as DiscordMessage;
    expect(old.embeds[0].fields.map((f) => [f.name, f.value])).toContainEqual(["Reason", "bloqueado"]);
    expect(failing("en").fields.map((f) => [f.name, f.value])).toContainEqual(["Status", "Unknown"]);
    expect(failing("es")).toMatchObject({ description: "Ya no se puede comprobar" });
    expect(failing("es").fields.map((f) => [f.name, f.value])).toContainEqual(["Estado", "Desconocido"]);
  });

  it("summaries: Vinted parts, a failing check and the weekly report in each language", () => {
    expect(alertSummary(vinted("pt"), alertText("pt"))).toBe(
      "Loja da Ana: 1 artigo(s) novo(s) (parte 1 de 3)",
    );
    expect(alertSummary(vinted("en"), alertText("en"))).toBe("Loja da Ana: 1 new item(s) (part 1 of 3)");
    expect(alertSummary(vinted("es"), alertText("es"))).toBe(
      "Loja da Ana: 1 artículo(s) nuevo(s) (parte 1 de 3)",
    );
    const since = "2026-11-23T14:05:00.000Z";
    const failing = alert({ kind: "check_failing", error: "bloqueado (Cloudflare)", since });
    expect(alertSummary(failing)).toBe(
      "Deixou de conseguir verificar NUDE HOODIE desde 14:05: bloqueado (Cloudflare)",
    );
    expect(alertSummary({ ...failing, language: "en" }, alertText("en"))).toBe(
      "Can no longer check NUDE HOODIE since 14:05: bloqueado (Cloudflare)",
    );
    const timedOut = { ...failing, error: "tempo esgotado", reason: "timeout" as const };
    expect(alertSummary({ ...timedOut, language: "es" }, alertText("es"))).toBe(
      "Ya no se puede comprobar NUDE HOODIE desde las 14:05: tiempo agotado",
    );
    expect(alertSummary({ ...failing, reason: "blocked", language: "en" }, alertText("en"))).toBe(
      "Can no longer check NUDE HOODIE since 14:05: blocked (Cloudflare)",
    );
    // on the owner's clock
    expect(alertSummary({ ...failing, timezone: "America/New_York" })).toContain("desde 09:05");
    const back = alert({ kind: "check_recovered", since, language: "es" });
    expect(alertSummary(back, alertText("es"))).toBe(
      "NUDE HOODIE: se vuelve a comprobar (sin lectura desde las 14:05)",
    );
    expect(alertSummary(alert({ kind: "paused_not_found" }))).toBe(
      "NUDE HOODIE: produto pausado, a página já não existe",
    );
    const report = alert({
      kind: "weekly_report",
      report: {
        from: "2026-11-09",
        to: "2026-11-15",
        timeZone: "Europe/Lisbon",
        sales: 0,
        revenue: "0",
        profit: "0",
        best: [],
        restocks: 0,
        failing: [],
      },
    });
    expect(alertSummary(report)).toBe("Relatório semanal de 09/11/2026 a 15/11/2026");
    expect(alertSummary(report, alertText("en"))).toBe("Weekly report from 09/11/2026 to 15/11/2026");
    expect(alertSummary(report, alertText("es"))).toBe("Informe semanal del 09/11/2026 al 15/11/2026");
  });

  it("the stored summary (notifications.message, History) stays pt-PT whatever the language", () => {
    expect(alertSummary(alert({ language: "en" }))).toBe("NUDE HOODIE: em stock (M)");
  });
});
