import { DEFAULTS_VALID_FROM, feeFor } from "@common/fee-presets.js";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expenses } from "../src/db/schema.js";
import { dayIn } from "../src/services/fee-presets.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

describe.each(dbKinds())("fee presets and expenses (%s)", (kind) => {
  let t: TestApp;
  let ana: string;
  let rui: string;
  let admin: string;
  let anaId: number;

  const call = (cookie: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const created = async (cookie: string, url: string, payload: object) => {
    const res = await call(cookie, "POST", url, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const presets = async (cookie: string, on?: string) => {
    const res = await call(cookie, "GET", `/api/fee-presets${on ? `?on=${on}` : ""}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { platform: string; percent: string; fixedAmount: string; validFrom: string }[];
  };
  const presetOf = async (cookie: string, platform: string, on: string) => {
    const found = (await presets(cookie, on)).find((p) => p.platform === platform);
    if (!found) throw new Error(`no preset for ${platform}`);
    return found;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    anaId = await t.createUser({ username: "ana" });
    await t.createUser({ username: "rui" });
    await t.createUser({ username: "chefe", role: "admin" });
    ana = await t.login("ana");
    rui = await t.login("rui");
    admin = await t.login("chefe");
  });
  afterAll(() => t.close());

  describe("fee presets", () => {
    it("starts every user with the defaults of every sale platform, valid for every past day", async () => {
      const list = await presets(ana);
      expect(list.map((p) => p.platform).sort()).toEqual(
        [
          "Depop",
          "Facebook Marketplace",
          "Loja física",
          "OLX",
          "Outra",
          "StockX",
          "Vinted",
          "Wallapop",
          "eBay",
        ].sort(),
      );
      expect(list.every((p) => p.validFrom === DEFAULTS_VALID_FROM)).toBe(true);
      expect(list.find((p) => p.platform === "StockX")).toMatchObject({
        percent: "12.00",
        shippingPaidBy: "seller",
      });
      // a second read copies nothing twice
      expect(await presets(ana)).toHaveLength(list.length);
    });

    it("an edit is a new version from today; the days before keep the older one", async () => {
      const today = dayIn("Europe/Lisbon");
      const saved = await created(ana, "/api/fee-presets", {
        platform: "Vinted",
        percent: "5",
        fixedAmount: "0,5+0,2",
        shippingPaidBy: "seller",
      });
      expect(saved).toMatchObject({
        platform: "Vinted",
        percent: "5.00",
        fixedAmount: "0.70",
        validFrom: today,
      });
      expect(await presetOf(ana, "Vinted", today)).toMatchObject({ percent: "5.00", fixedAmount: "0.70" });
      expect(await presetOf(ana, "Vinted", "2025-01-10")).toMatchObject({
        percent: "0.00",
        fixedAmount: "0.00",
      });
      // a second edit on the same day replaces that day's version instead of adding one
      await created(ana, "/api/fee-presets", { platform: "Vinted", percent: "6", shippingPaidBy: "seller" });
      const vinted = (await presets(ana)).filter((p) => p.platform === "Vinted");
      expect(vinted.map((p) => [p.validFrom, p.percent])).toEqual([
        [DEFAULTS_VALID_FROM, "0.00"],
        [today, "6.00"],
      ]);
      // another user's presets are their own
      expect(await presetOf(rui, "Vinted", today)).toMatchObject({ percent: "0.00" });
    });

    it("a sale keeps the fee it was recorded with when the preset changes later", async () => {
      const today = dayIn("Europe/Lisbon");
      await created(ana, "/api/fee-presets", {
        platform: "eBay",
        percent: "10",
        fixedAmount: "0,35",
        shippingPaidBy: "buyer",
      });
      // what the sale form does: the preset valid on the sale's day fills the fee
      const preset = await presetOf(ana, "eBay", today);
      const fees = feeFor(preset, "33.33");
      expect(fees).toBe("3.68"); // 3.333 + 0.35 = 3.683
      const item = await created(ana, "/api/inventory", { name: "Ténis", price: "20" });
      const sale = await created(ana, "/api/sales", {
        inventoryItemId: item.id,
        salePrice: "33,33",
        fees,
        platform: "eBay",
      });
      expect(sale).toMatchObject({ fees: "3.68", profit: "9.65" });
      // a sale dated before the edit gets the default's fee (13 % + 0,35)
      const older = await presetOf(ana, "eBay", "2025-06-01");
      expect(feeFor(older, "33.33")).toBe("4.68"); // 4.3329 + 0.35

      await created(ana, "/api/fee-presets", {
        platform: "eBay",
        percent: "20",
        fixedAmount: "1",
        shippingPaidBy: "seller",
      });
      const after = (await call(ana, "GET", "/api/sales"))
        .json()
        .find((s: { id: number }) => s.id === sale.id);
      expect(after).toMatchObject({ fees: "3.68", profit: "9.65" });
    });

    it("refuses bad presets with a Portuguese 400 and writes nothing", async () => {
      const before = await presets(ana);
      const cases: [object, string, string][] = [
        [{ platform: "Vinted", percent: "abc", shippingPaidBy: "buyer" }, "percent", "Valor inválido"],
        [
          { platform: "Vinted", percent: "150", shippingPaidBy: "buyer" },
          "percent",
          "A percentagem não pode passar de 100",
        ],
        [{ platform: "Myspace", percent: "1", shippingPaidBy: "buyer" }, "platform", "Plataforma inválida"],
        [
          { platform: "OLX", percent: "1", fixedAmount: "-1", shippingPaidBy: "buyer" },
          "fixedAmount",
          "O valor não pode ser negativo",
        ],
        [
          { platform: "OLX", percent: "1", shippingPaidBy: "ninguém" },
          "shippingPaidBy",
          "Indique quem paga o envio (comprador ou vendedor)",
        ],
      ];
      for (const [payload, path, message] of cases) {
        const res = await call(ana, "POST", "/api/fee-presets", payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().errors).toContainEqual({ path, message });
      }
      expect(await presets(ana)).toEqual(before);
      expect((await call(ana, "GET", "/api/fee-presets?on=ontem")).statusCode).toBe(400);
    });
  });

  describe("expenses", () => {
    it("creates, lists, edits and deletes, with amounts as exact arithmetic", async () => {
      const expense = await created(ana, "/api/expenses", {
        spentOn: "2026-03-04",
        category: "packaging",
        description: "Caixas",
        amount: "0,1+0,2",
      });
      expect(expense).toMatchObject({
        spentOn: "2026-03-04",
        category: "packaging",
        description: "Caixas",
        amount: "0.30",
        inventoryItemId: null,
        receipt: null,
      });
      const edited = await call(ana, "PUT", `/api/expenses/${expense.id}`, {
        amount: "2*1,25",
        category: "other",
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ amount: "2.50", category: "other", description: "Caixas" });
      const list = (await call(ana, "GET", "/api/expenses")).json();
      expect(list.map((e: { id: number }) => e.id)).toContain(expense.id);
      expect((await call(ana, "DELETE", `/api/expenses/${expense.id}`)).statusCode).toBe(200);
      expect((await call(ana, "PUT", `/api/expenses/${expense.id}`, { amount: "1" })).statusCode).toBe(404);
      expect((await call(ana, "GET", "/api/expenses")).json().map((e: { id: number }) => e.id)).not.toContain(
        expense.id,
      );
    });

    it("links only the user's own items and hides another user's expenses (404)", async () => {
      const ruiItem = await created(rui, "/api/inventory", { name: "Do Rui", price: "1" });
      const refused = await call(ana, "POST", "/api/expenses", {
        spentOn: "2026-03-04",
        category: "shipping",
        amount: "3",
        inventoryItemId: ruiItem.id,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe("Item não encontrado no seu inventário");

      const anaItem = await created(ana, "/api/inventory", { name: "Da Ana", price: "1" });
      const linked = await created(ana, "/api/expenses", {
        spentOn: "2026-03-04",
        category: "shipping",
        amount: "3",
        inventoryItemId: anaItem.id,
      });
      expect(linked).toMatchObject({ inventoryItemId: anaItem.id, itemName: "Da Ana" });
      const moved = await call(ana, "PUT", `/api/expenses/${linked.id}`, { inventoryItemId: ruiItem.id });
      expect(moved.statusCode).toBe(400);

      for (const [method, payload] of [
        ["PUT", { amount: "1" }],
        ["DELETE", undefined],
      ] as const) {
        const res = await call(rui, method, `/api/expenses/${linked.id}`, payload);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe("Despesa não encontrada");
      }
      expect((await call(rui, "GET", "/api/expenses")).json()).toEqual([]);
    });

    it("refuses a malformed amount, an unknown category or a bad day in Portuguese and writes nothing", async () => {
      const [{ n: before }] = await t.database.db
        .select({ n: count() })
        .from(expenses)
        .where(eq(expenses.userId, anaId));
      const cases: [object, string, string][] = [
        [{ spentOn: "2026-03-04", category: "packaging", amount: "12,3x" }, "amount", "Valor inválido"],
        [{ spentOn: "2026-03-04", category: "packaging", amount: "" }, "amount", "Valor obrigatório"],
        [{ spentOn: "2026-03-04", category: "packaging", amount: "1/0" }, "amount", "Valor inválido"],
        [{ spentOn: "2026-03-04", category: "jantar", amount: "1" }, "category", "Categoria inválida"],
        [
          { spentOn: "2026-02-30", category: "packaging", amount: "1" },
          "spentOn",
          "Data da despesa obrigatória (esse dia não existe)",
        ],
      ];
      for (const [payload, path, message] of cases) {
        const res = await call(ana, "POST", "/api/expenses", payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().errors).toContainEqual({ path, message });
      }
      const [{ n: after }] = await t.database.db
        .select({ n: count() })
        .from(expenses)
        .where(eq(expenses.userId, anaId));
      expect(after).toBe(before);
    });

    it("keeps a receipt photo through the item photos' pipeline, upright and without EXIF, for its owner only", async () => {
      const photo = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: "#c33" } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const expense = await created(ana, "/api/expenses", {
        spentOn: "2026-03-05",
        category: "travel",
        amount: "12",
        image: `data:image/jpeg;base64,${photo.toString("base64")}`,
      });
      expect(expense.receipt).toMatch(new RegExp(`^/api/expenses/${expense.id}/receipt\\?v=\\d+$`));
      const full = await call(ana, "GET", expense.receipt);
      expect(full.statusCode).toBe(200);
      const meta = await sharp(full.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([683, 2048]); // turned upright, long side 2048
      expect((await call(ana, "GET", expense.receiptThumbnail)).statusCode).toBe(200);
      expect((await call(rui, "GET", expense.receipt)).statusCode).toBe(404);
      const cleared = await call(ana, "PUT", `/api/expenses/${expense.id}`, { image: null });
      expect(cleared.json().receipt).toBeNull();
      expect((await call(ana, "GET", expense.receipt)).statusCode).toBe(404);
      const bad = await call(ana, "POST", "/api/expenses", {
        spentOn: "2026-03-05",
        category: "travel",
        amount: "1",
        image: "data:image/png;base64,AAAA",
      });
      expect(bad.statusCode).toBe(400);
    });

    it("counts against the expenses quota", async () => {
      const setQuota = async (quotaExpenses: number) => {
        const res = await call(admin, "PUT", "/api/settings", { global: { quotaExpenses } });
        expect(res.statusCode, res.body).toBe(200);
      };
      const mine = (await call(rui, "GET", "/api/expenses")).json().length;
      await setQuota(mine + 1);
      await created(rui, "/api/expenses", {
        spentOn: "2026-03-05",
        category: "other",
        amount: "1",
        image: PNG,
      });
      const refused = await call(rui, "POST", "/api/expenses", {
        spentOn: "2026-03-05",
        category: "other",
        amount: "1",
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/^Limite de despesas atingido/);
      await setQuota(10_000);
    });
  });

  describe("expenses in the profit", () => {
    it("lower Status profit and ROI and the ranking's profit exactly to the cent", async () => {
      await t.createUser({ username: "zita" });
      const zita = await t.login("zita");
      const item = await created(zita, "/api/inventory", { name: "Casaco", price: "10" });
      await created(zita, "/api/sales", { inventoryItemId: item.id, salePrice: "30,35", platform: "OLX" });
      const status = async () => (await call(zita, "GET", "/api/status/statistics")).json();
      const ranked = async () =>
        (await call(zita, "GET", "/api/ranking"))
          .json()
          .find((r: { username: string }) => r.username === "zita");
      expect((await status()).inventoryStatus.totalProfit).toBe("20.35");
      expect((await ranked()).totalProfit).toBe("20.35");

      const today = dayIn("Europe/Lisbon");
      await created(zita, "/api/expenses", { spentOn: today, category: "packaging", amount: "0,10" });
      await created(zita, "/api/expenses", { spentOn: today, category: "shipping_supplies", amount: "0,20" });
      const after = await status();
      expect(after.expenses).toBe("0.30");
      expect(after.inventoryStatus).toMatchObject({ salesProfit: "20.35", totalProfit: "20.05" });
      expect(after.totalExpenses).toBe("10.30"); // the item's 10 and the expenses
      expect(after.roi).toBe("194.66"); // 20.05 ÷ (10 + 0.30) × 100 = 194.660…
      expect(after.salesPerformance.bestMonthProfit).toBe("20.05");
      expect(await ranked()).toMatchObject({
        totalProfit: "20.05",
        averageProfit: "20.05",
        profitMargin: "66.06", // 20.05 ÷ 30.35 × 100 = 66.062…
      });
    });
  });
});
