/**
 * Search monitors over real HTTP against the stand-in (issue 25): Vinted's catalogue API and
 * Shopify's products.json in their real shapes, the real engine, both databases.
 */
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FakeCatalogItem } from "../../tools/fake-search.js";
import { createWorld, embedsOf, eventually, type World } from "./engine-support.js";
import { createTestDatabase, dbKinds } from "./harness.js";

const VINTED = "https://www.vinted.pt";
const SHOP = "https://nudeproject.com";
const SEARCH_URL = `${VINTED}/catalog?search_text=nike&brand_ids[]=53&order=newest_first`;

const nike = (id: number, title: string, price: string, extra: Partial<FakeCatalogItem> = {}) => ({
  id: String(id),
  title,
  price,
  brand: "Nike",
  brandId: 53,
  size: "M",
  condition: "Muito bom",
  ...extra,
});

describe.each(dbKinds())("search monitors against the stand-in (%s)", (kind) => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld(await createTestDatabase(kind));
  });
  afterEach(() => w.reset());
  afterAll(async () => {
    await w.close();
    await w.database.close();
  });

  const seenCount = async (productId: number) => {
    const result = await w.database.db.execute(
      sql`select count(*)::int as n from search_seen where product_id = ${productId}`,
    );
    return Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
  };
  /** `n` more catalogue answers than now: that many more checks saw the same page */
  const moreChecks = async (n: number) => {
    const target = w.retailer.searches.catalogRequests + n;
    await eventually(() => expect(w.retailer.searches.catalogRequests).toBeGreaterThanOrEqual(target));
  };

  it("first scan silent; a new match alerts once with its details; excluded words and the fee-inclusive max drop the rest", async () => {
    w.retailer.searches.addCatalogItems([
      nike(9001, "Nike Tech Fleece antigo", "20.00"),
      nike(9002, "Nike Dunk Low", "30.00"),
    ]);
    const id = await w.addProduct({
      platform: "vinted",
      url: SEARCH_URL,
      name: "Nike até 40 €",
      rules: { excludeWords: ["manchas"], maxPrice: "40", maxIsTotal: true },
    });
    await w.start();
    await eventually(async () => expect(await seenCount(id)).toBe(2));
    await moreChecks(2);
    expect(w.webhook.received).toHaveLength(0);

    w.retailer.searches.addCatalogItems([
      nike(9003, "Nike Air Max 90", "35.00", { reputation: 0.96, size: "42" }), // 35 + 0,70 + 1,75 = 37,45
      nike(9004, "Nike Windrunner com MANCHAS", "10.00"), // excluded word, any case
      nike(9005, "Nike Blazer Mid", "39.00"), // 39 + 0,70 + 1,95 = 41,65 > 40 with fees
      { id: "9006", title: "Adidas Samba", price: "20.00", brand: "Adidas", brandId: 14 }, // not in the search
    ]);
    await w.webhook.waitForAccepted(1);
    await moreChecks(3);
    expect(w.webhook.received).toHaveLength(1);
    const embeds = embedsOf(w.webhook.received[0].body);
    expect(embeds).toHaveLength(1);
    const [embed] = embeds;
    expect(embed.title).toBe("Nike Air Max 90");
    expect(embed.url).toBe("https://www.vinted.pt/items/9003-nike-air-max-90");
    const fields = Object.fromEntries(embed.fields.map((f) => [f.name, f.value]));
    expect(fields.Preço).toMatch(/35,00\s€/);
    expect(fields["Total com taxas"]).toMatch(/37,45\s€/);
    expect(fields.Tamanho).toBe("42");
    expect(fields.Marca).toBe("Nike");
    expect(fields["Estado do artigo"]).toBe("Muito bom");
    expect(fields.Vendedor).toBe("4,8 ★");
    expect(fields.Publicado).toMatch(/^há \d+ s$/);
    expect(embed.description).toContain("Novos artigos na pesquisa");
    // every new id is remembered, matching or not; the card lists the match
    expect(await seenCount(id)).toBe(5);
    const row = await w.product(id);
    expect(row.status).toBe("search_active");
    expect(row.latestMatches?.[0]?.id).toBe("9003");
  });

  it("two users on one search share its fetch; each is alerted on their own webhook by their own rules, nothing of one reaches the other", async () => {
    const HOOK_A = "https://discord.com/api/webhooks/111/token-ana";
    const HOOK_B = "https://discord.com/api/webhooks/222/token-bruno";
    w.retailer.searches.addCatalogItems([nike(6001, "Nike antigo", "10.00")]);
    const bruno = await w.addUser();
    const a = await w.addProduct({
      platform: "vinted",
      url: SEARCH_URL,
      name: "Pesquisa secreta da Ana",
      webhookUrl: HOOK_A,
      rules: { excludeWords: ["manchas"] },
    });
    const b = await w.addProduct({
      platform: "vinted",
      url: SEARCH_URL,
      name: "Pesquisa secreta do Bruno",
      webhookUrl: HOOK_B,
      userId: bruno,
      rules: { maxPrice: "20" },
    });
    await w.start();
    await eventually(async () => {
      expect(await seenCount(a)).toBe(1);
      expect(await seenCount(b)).toBe(1);
    });
    expect((await w.product(a)).targetId).toBe((await w.product(b)).targetId);
    await moreChecks(2);
    expect(w.webhook.received).toHaveLength(0);

    w.retailer.searches.addCatalogItems([
      nike(6002, "Nike Dunk caro", "30.00"), // Ana's (no price rule); over Bruno's 20 €
      nike(6003, "Nike Tee com manchas", "8.00"), // Bruno's; Ana excludes "manchas"
      nike(6004, "Nike Air barato", "15.00"), // both
    ]);
    await w.webhook.waitForAccepted(2);
    await moreChecks(3);
    expect(w.webhook.received).toHaveLength(2);
    const byHook = new Map(w.webhook.received.map((d) => [d.path, d.body]));
    const titles = (hook: string) =>
      embedsOf(byHook.get(new URL(hook).pathname))
        .map((e) => e.title)
        .sort();
    expect(titles(HOOK_A)).toEqual(["Nike Air barato", "Nike Dunk caro"]);
    expect(titles(HOOK_B)).toEqual(["Nike Air barato", "Nike Tee com manchas"]);
    const text = (hook: string) => JSON.stringify(byHook.get(new URL(hook).pathname));
    expect(text(HOOK_A)).not.toContain("Bruno");
    expect(text(HOOK_B)).not.toContain("Ana");
    // each owner's card (the first scan's matches too) and log hold only their own matches
    expect((await w.product(a)).latestMatches?.map((m) => m.id).sort()).toEqual(["6001", "6002", "6004"]);
    expect((await w.product(b)).latestMatches?.map((m) => m.id).sort()).toEqual(["6001", "6003", "6004"]);
    expect((await w.activities(b)).every((l) => l.userId === bruno)).toBe(true);
    expect((await w.activities(a)).every((l) => l.userId === w.userId)).toBe(true);
    const rows = await w.notificationRows();
    expect(rows.filter((r) => r.productId === b).every((r) => r.userId === bruno)).toBe(true);
    expect(rows.filter((r) => r.productId === a).every((r) => r.webhookUrl === HOOK_A)).toBe(true);
  });

  it("30 new matches in one check → all 30 delivered, 10 per message", async () => {
    w.retailer.searches.addCatalogItems([nike(8000, "Nike base", "5.00")]);
    const id = await w.addProduct({ platform: "vinted", url: SEARCH_URL, name: "Nike" });
    await w.start();
    await eventually(async () => expect(await seenCount(id)).toBe(1));
    w.retailer.searches.addCatalogItems(
      Array.from({ length: 30 }, (_, i) => nike(8001 + i, `Nike artigo ${i + 1}`, "12.00")),
    );
    await w.webhook.waitForAccepted(3);
    await moreChecks(2);
    expect(w.webhook.received).toHaveLength(3);
    const titles = w.webhook.received.flatMap((d) => embedsOf(d.body).map((e) => e.title));
    expect(new Set(titles).size).toBe(30);
    expect(embedsOf(w.webhook.received[0].body)[0].description).toMatch(/\(1\/3\)/);
  });

  it("a restart between two checks sends nothing twice, and an item listed while stopped alerts once", async () => {
    w.retailer.searches.addCatalogItems([nike(7001, "Nike primeiro", "15.00")]);
    const id = await w.addProduct({ platform: "vinted", url: SEARCH_URL, name: "Nike" });
    const first = await w.start();
    await eventually(async () => expect(await seenCount(id)).toBe(1));
    w.retailer.searches.addCatalogItems([nike(7002, "Nike segundo", "15.00")]);
    await w.webhook.waitForAccepted(1);
    await first.stop();
    w.engines.splice(w.engines.indexOf(first), 1);

    w.retailer.searches.addCatalogItems([nike(7003, "Nike terceiro", "15.00")]);
    await w.start();
    await w.webhook.waitForAccepted(2);
    await moreChecks(3);
    const titles = w.webhook.received.flatMap((d) => embedsOf(d.body).map((e) => e.title));
    expect(titles).toEqual(["Nike segundo", "Nike terceiro"]);
  });

  it("Shopify collection: a new product alerts, a known one coming back is a restock, sizes rule applied", async () => {
    w.retailer.setProduct("tee-old", { name: "Old Tee", sizes: ["M"], price: "35.00" });
    w.retailer.setProduct("hoodie-gone", { name: "Hoodie Gone", status: "out_of_stock", price: "79.00" });
    w.retailer.searches.setCollection("new-in", ["tee-old", "hoodie-gone"]);
    const id = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/collections/new-in`,
      name: "Nude new in",
      rules: { sizes: ["M", "L"] },
    });
    await w.start();
    await eventually(async () => expect(await seenCount(id)).toBe(2));
    const productsJson = "/collections/new-in/products.json";
    const before = w.retailer.paths.get(productsJson) ?? 0;
    await eventually(() => expect(w.retailer.paths.get(productsJson)).toBeGreaterThan(before + 1));

    w.retailer.setProduct("cap-new", { name: "New Cap", sizes: ["M"], price: "25.00" });
    w.retailer.setProduct("xs-only", { name: "XS Only", sizes: ["XS"], price: "25.00" });
    w.retailer.searches.setCollection("new-in", ["tee-old", "hoodie-gone", "xs-only", "cap-new"]);
    await w.webhook.waitForAccepted(1);
    const first = embedsOf(w.webhook.received[0].body);
    expect(first.map((e) => e.title)).toEqual(["New Cap"]);
    expect(first[0].url).toBe(`${SHOP}/products/cap-new`);

    w.retailer.setProduct("hoodie-gone", { sizes: ["L"] });
    await w.webhook.waitForAccepted(2);
    const drop = embedsOf(w.webhook.received[1].body);
    expect(drop.map((e) => e.title)).toEqual(["Hoodie Gone"]);
    expect(drop[0].description).toContain("Reposição na pesquisa");
    const after = w.retailer.paths.get(productsJson) ?? 0;
    await eventually(() => expect(w.retailer.paths.get(productsJson)).toBeGreaterThan(after + 2));
    expect(w.webhook.received).toHaveLength(2);
  });
});
