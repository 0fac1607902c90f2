import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeProfit } from "../src/services/sales.js";
import { createTestApp, csvCells, dbKinds, type TestApp } from "./harness.js";

describe("computeProfit of some units of a lot", () => {
  it.each([
    // sale, unit price, unit shipping, fees, units, profit
    ["100.00", "33.33", "0.01", "2.50", 3, "-2.52"],
    ["70.00", "40.00", "5.00", "5.00", 1, "20.00"],
    ["0.30", "0.10", "0.00", "0.00", 3, "0.00"],
  ])("%s − (%s + %s) − %s, %i units: %s", (sale, price, shipping, fees, units, profit) => {
    expect(computeProfit(sale, price, shipping, fees, units)).toBe(profit);
  });
});

describe.each(dbKinds())("lots of identical units and the purchase currency (%s)", (kind) => {
  let t: TestApp;
  let ana: string;
  let rui: string;

  const call = (
    cookie: string,
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { cookie }, payload });
  const items = async (cookie: string) => (await call(cookie, "GET", "/api/inventory")).json();
  const item = async (cookie: string, id: number) =>
    (await items(cookie)).find((i: { id: number }) => i.id === id);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.createUser({ username: "ana" });
    await t.createUser({ username: "rui" });
    ana = await t.login("ana");
    rui = await t.login("rui");
  });
  afterAll(() => t.close());

  it("creates an item of one unit by default and a lot with its quantity", async () => {
    const one = (await call(rui, "POST", "/api/inventory", { name: "Boné", price: "5" })).json();
    expect(one.quantity).toBe(1);
    const lot = (
      await call(rui, "POST", "/api/inventory", { name: "Meias", price: "2", quantity: "4" })
    ).json();
    expect(lot.quantity).toBe(4);
  });

  it("sells part of a lot: the units sold become a sold item of their own, the rest stays in stock", async () => {
    const lot = (
      await call(ana, "POST", "/api/inventory", {
        name: "Nike Dunk",
        price: "40",
        shippingPrice: "5",
        quantity: 3,
        size: "42",
        purchaseDate: "2026-11-01",
      })
    ).json();
    const res = await call(ana, "POST", "/api/sales", {
      inventoryItemId: lot.id,
      quantity: 1,
      salePrice: "70",
      fees: "5",
      platform: "Vinted",
      saleDate: "2026-11-20T10:00:00.000Z",
    });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json();
    // 70 − (40 + 5) × 1 − 5
    expect(sale).toMatchObject({ quantity: 1, salePrice: "70.00", profit: "20.00" });
    expect(sale.inventoryItemId).not.toBe(lot.id);
    expect(sale.item).toMatchObject({
      name: "Nike Dunk",
      price: "40.00",
      shippingPrice: "5.00",
      quantity: 1,
    });

    const left = await item(ana, lot.id);
    expect(left).toMatchObject({ status: "in_stock", quantity: 2, sale: null });
    const part = await item(ana, sale.inventoryItemId);
    expect(part).toMatchObject({
      status: "sold",
      quantity: 1,
      name: "Nike Dunk",
      size: "42",
      purchaseDate: lot.purchaseDate,
      createdAt: lot.createdAt,
      sale: { id: sale.id, profit: "20.00" },
    });
  });

  it("sells several units in one sale at the price of those units, and the last units sell the lot itself", async () => {
    const lot = (
      await call(ana, "POST", "/api/inventory", {
        name: "Lote Adidas",
        price: "33,33",
        shippingPrice: "0,01",
        quantity: 5,
      })
    ).json();
    const two = await call(ana, "POST", "/api/sales", {
      inventoryItemId: lot.id,
      quantity: "2",
      salePrice: "100",
      fees: "2,50",
      platform: "OLX",
    });
    expect(two.statusCode, two.body).toBe(201);
    // 100 − 33.34 × 2 − 2.50 = 30.82, in cents
    expect(two.json()).toMatchObject({ quantity: 2, profit: "30.82", item: { quantity: 2 } });
    expect(await item(ana, lot.id)).toMatchObject({ status: "in_stock", quantity: 3 });

    // the status dialog sells some units too
    const one = await call(ana, "PUT", `/api/inventory/${lot.id}`, {
      status: "sold",
      quantity: 1,
      salePrice: "40",
      platform: "Vinted",
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(await item(ana, lot.id)).toMatchObject({ status: "in_stock", quantity: 2 });

    // the last two units, sold together without saying how many, sell the lot's own row
    const last = await call(ana, "POST", "/api/sales", {
      inventoryItemId: lot.id,
      salePrice: "90",
      platform: "Vinted",
    });
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json()).toMatchObject({ inventoryItemId: lot.id, quantity: 2, profit: "23.32" });
    expect(await item(ana, lot.id)).toMatchObject({ status: "sold", quantity: 2, sale: { profit: "23.32" } });
    // nothing left to sell
    const again = await call(ana, "POST", "/api/sales", {
      inventoryItemId: lot.id,
      quantity: 1,
      salePrice: "1",
      platform: "Vinted",
    });
    expect(again.statusCode).toBe(409);
  });

  it("refuses more units than are left, and quantities that are not whole units, in Portuguese", async () => {
    const lot = (
      await call(ana, "POST", "/api/inventory", { name: "Lote recusado", price: "10", quantity: 3 })
    ).json();
    const sell = (quantity: unknown) =>
      call(ana, "POST", "/api/sales", {
        inventoryItemId: lot.id,
        quantity,
        salePrice: "20",
        platform: "Vinted",
      });
    const tooMany = await sell(4);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe("Não restam tantas unidades deste item");
    for (const [quantity, message] of [
      [0, "A quantidade mínima é 1"],
      [1.5, "A quantidade é um número inteiro de unidades"],
      ["abc", "Quantidade inválida"],
      [-2, "A quantidade mínima é 1"],
      [10_001, "Quantidade máxima: 10000"],
    ] as const) {
      const res = await sell(quantity);
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    const badLot = await call(ana, "POST", "/api/inventory", { name: "x", price: "1", quantity: 0 });
    expect(badLot.statusCode).toBe(400);
    expect(JSON.stringify(badLot.json())).toContain("A quantidade mínima é 1");
    const badEdit = await call(ana, "PATCH", `/api/inventory/${lot.id}`, { quantity: "2,5" });
    expect(badEdit.statusCode).toBe(400);
    // nothing was sold or split
    expect(await item(ana, lot.id)).toMatchObject({ status: "in_stock", quantity: 3 });
  });

  it("keeps every figure exact: units counted, cost × units, profit and ROI of the units sold", async () => {
    const bea = await (async () => {
      await t.createUser({ username: "bea" });
      return t.login("bea");
    })();
    // 3 units at 10,01 + 0,99 shipping: 33,00 of stock
    const lot = (
      await call(bea, "POST", "/api/inventory", {
        name: "Lote",
        price: "10,01",
        shippingPrice: "0,99",
        quantity: 3,
      })
    ).json();
    await call(bea, "POST", "/api/sales", {
      inventoryItemId: lot.id,
      quantity: 2,
      salePrice: "30",
      fees: "1",
      platform: "Vinted",
      saleDate: "2026-06-10T12:00:00.000Z",
    });
    // 30 − 11 × 2 − 1 = 7
    const inventory = (await call(bea, "GET", "/api/inventory/statistics")).json();
    expect(inventory).toEqual({
      totalItems: 3,
      inStock: 1,
      sold: 2,
      totalRevenue: "30.00",
      totalProfit: "7.00",
    });
    const status = (await call(bea, "GET", "/api/status/statistics")).json();
    expect(status.totalExpenses).toBe("33.00");
    expect(status.inventoryStatus).toMatchObject({ totalItems: 3, inStock: 1, sold: 2, salesProfit: "7.00" });
    // 7 ÷ 22 (the two units' cost) = 31.82 %
    expect(status.roi).toBe("31.82");

    const summary = (await call(bea, "GET", "/api/sales/year-summary?year=2026")).json();
    expect(summary.months[5]).toMatchObject({
      sales: 1,
      revenue: "30.00",
      fees: "1.00",
      cost: "22.00",
      profit: "7.00",
    });

    const sales = await call(bea, "GET", "/api/sales/export");
    const [header, row] = csvCells(sales.body);
    expect(row[header.indexOf("Quantidade")]).toBe("2");
    expect(row[header.findIndex((h: string) => h.startsWith("Custo"))]).toBe("22,00");
    const stock = await call(bea, "GET", "/api/inventory/export");
    const [stockHeader, ...stockRows] = csvCells(stock.body);
    expect(stockRows.map((r: string[]) => r[stockHeader.indexOf("Quantidade")]).sort()).toEqual(["1", "2"]);

    const ranking = (await call(bea, "GET", "/api/ranking")).json();
    const mine = ranking.find((r: { username: string }) => r.username === "bea");
    expect(mine).toMatchObject({ totalProfit: "7.00", soldItems: 2, totalItems: 3 });
  });

  it("recomputes a sold part's profit when its units or cost are edited, and deleting its sale puts those units back into the lot", async () => {
    const lot = (
      await call(ana, "POST", "/api/inventory", { name: "Lote editado", price: "10", quantity: 4 })
    ).json();
    const sale = (
      await call(ana, "POST", "/api/sales", {
        inventoryItemId: lot.id,
        quantity: 2,
        salePrice: "50",
        platform: "Vinted",
      })
    ).json();
    expect(sale.profit).toBe("30.00");
    const edit = await call(ana, "PATCH", `/api/inventory/${sale.inventoryItemId}`, { quantity: 3 });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await item(ana, sale.inventoryItemId)).sale.profit).toBe("20.00");
    expect((await call(ana, "DELETE", `/api/sales/${sale.id}`)).statusCode).toBe(200);
    // the cost of the units is the lot's: the three units the sale said it sold go back into it
    expect(await item(ana, sale.inventoryItemId)).toBeUndefined();
    expect(await item(ana, lot.id)).toMatchObject({ status: "in_stock", quantity: 5, sale: null });
  });

  // deleting the sale of some units of a lot (0138: the split item remembers its lot)
  const splitSale = async (lotFields: object, units: number) => {
    const lot = (
      await call(ana, "POST", "/api/inventory", { price: "10", shippingPrice: "1", ...lotFields })
    ).json();
    const res = await call(ana, "POST", "/api/sales", {
      inventoryItemId: lot.id,
      quantity: units,
      salePrice: "30",
      platform: "Vinted",
    });
    expect(res.statusCode, res.body).toBe(201);
    return { lot, sale: res.json() };
  };

  it("deleting a partial sale merges its units back into the lot, in one answer, and the split item goes", async () => {
    const { lot, sale } = await splitSale({ name: "Lote de volta", quantity: 5 }, 2);
    expect(await item(ana, lot.id)).toMatchObject({ quantity: 3 });
    // an expense tied to the sold units follows them into the lot
    const expense = await call(ana, "POST", "/api/expenses", {
      spentOn: "2026-11-20",
      category: "shipping",
      amount: "3",
      inventoryItemId: sale.inventoryItemId,
    });
    expect(expense.statusCode, expense.body).toBe(201);

    const res = await call(ana, "DELETE", `/api/sales/${sale.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Venda removida: as unidades voltaram ao lote de origem");
    expect(await item(ana, lot.id)).toMatchObject({ status: "in_stock", quantity: 5, sale: null });
    expect(await item(ana, sale.inventoryItemId)).toBeUndefined();
    const sales = (await call(ana, "GET", "/api/sales")).json();
    expect(sales.find((s: { id: number }) => s.id === sale.id)).toBeUndefined();
    const expenses = (await call(ana, "GET", "/api/expenses")).json();
    expect(expenses.find((e: { id: number }) => e.id === expense.json().id)).toMatchObject({
      inventoryItemId: lot.id,
    });
    // the lot sells again as a lot of five
    const again = await call(ana, "POST", "/api/sales", {
      inventoryItemId: lot.id,
      quantity: 5,
      salePrice: "60",
      platform: "OLX",
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ inventoryItemId: lot.id, quantity: 5, profit: "5.00" });
  });

  it("keeps the units as an item of their own when the lot's unit cost or currency changed, or the lot is sold or gone", async () => {
    const cases: [string, (lotId: number) => Promise<unknown>][] = [
      ["price", (id) => call(ana, "PATCH", `/api/inventory/${id}`, { price: "12" })],
      ["shipping", (id) => call(ana, "PATCH", `/api/inventory/${id}`, { shippingPrice: "0" })],
      [
        "currency",
        // the same euro price, bought in dollars: another currency is another cost
        (id) =>
          call(ana, "PATCH", `/api/inventory/${id}`, {
            purchaseCurrency: "USD",
            purchaseAmount: "10",
            purchaseRate: "1",
          }),
      ],
      [
        "sold",
        (id) => call(ana, "POST", "/api/sales", { inventoryItemId: id, salePrice: "40", platform: "Vinted" }),
      ],
      ["deleted", (id) => call(ana, "DELETE", `/api/inventory/${id}`)],
    ];
    for (const [change, apply] of cases) {
      const { lot, sale } = await splitSale({ name: `Lote mudado ${change}`, quantity: 3 }, 1);
      const before = await item(ana, lot.id);
      const res = (await apply(lot.id)) as { statusCode: number; body: string };
      expect(res.statusCode, `${change}: ${res.body}`).toBeLessThan(300);
      const deleted = await call(ana, "DELETE", `/api/sales/${sale.id}`);
      expect(deleted.statusCode, change).toBe(200);
      expect(deleted.json().message, change).toBe("Venda removida");
      expect(await item(ana, sale.inventoryItemId), change).toMatchObject({
        status: "in_stock",
        quantity: 1,
        price: "10.00",
        shippingPrice: "1.00",
        sale: null,
      });
      const after = await item(ana, lot.id);
      if (change === "deleted") expect(after, change).toBeUndefined();
      else expect(after?.quantity, change).toBe(before.quantity);
    }
  });

  it("merges the units of a lot bought in another currency back when the lot kept its amount and rate", async () => {
    const { lot, sale } = await splitSale(
      {
        name: "Lote em dólares",
        quantity: 4,
        purchaseCurrency: "USD",
        purchaseAmount: "12,99",
        purchaseRate: "0,9234",
      },
      3,
    );
    expect((await call(ana, "DELETE", `/api/sales/${sale.id}`)).json().message).toContain("voltaram");
    expect(await item(ana, lot.id)).toMatchObject({
      quantity: 4,
      price: "11.99",
      purchaseCurrency: "USD",
      purchaseAmount: "12.99",
      purchaseRate: "0.923400",
    });
  });

  it("puts the units back once when the same sale is deleted twice at the same time", async () => {
    const { lot, sale } = await splitSale({ name: "Lote corrida", quantity: 6 }, 2);
    const answers = await Promise.all([
      call(ana, "DELETE", `/api/sales/${sale.id}`),
      call(ana, "DELETE", `/api/sales/${sale.id}`),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await item(ana, lot.id)).toMatchObject({ quantity: 6, status: "in_stock" });
  });

  it("restores a deleted split item without its lot when the lot is gone meanwhile", async () => {
    const { lot, sale } = await splitSale({ name: "Lote apagado", quantity: 2 }, 1);
    expect((await call(ana, "DELETE", `/api/inventory/${sale.inventoryItemId}`)).statusCode).toBe(200);
    expect((await call(ana, "DELETE", `/api/inventory/${lot.id}`)).statusCode).toBe(200);
    const restored = await call(ana, "POST", `/api/inventory/${sale.inventoryItemId}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ status: "sold", quantity: 1, sale: { id: sale.id } });
    // its sale deleted: no lot to go back to, so the unit stays as its own item
    expect((await call(ana, "DELETE", `/api/sales/${sale.id}`)).json().message).toBe("Venda removida");
    expect(await item(ana, sale.inventoryItemId)).toMatchObject({ status: "in_stock", quantity: 1 });
  });

  it("does not merge another user's sale or touch their lot", async () => {
    const { lot, sale } = await splitSale({ name: "Lote protegido", quantity: 3 }, 1);
    expect((await call(rui, "DELETE", `/api/sales/${sale.id}`)).statusCode).toBe(404);
    expect(await item(ana, lot.id)).toMatchObject({ quantity: 2 });
    expect(await item(ana, sale.inventoryItemId)).toMatchObject({ status: "sold", quantity: 1 });
  });

  it("does not let another user sell units of a lot", async () => {
    const lot = (
      await call(ana, "POST", "/api/inventory", { name: "Lote da Ana", price: "10", quantity: 2 })
    ).json();
    const res = await call(rui, "POST", "/api/sales", {
      inventoryItemId: lot.id,
      quantity: 1,
      salePrice: "20",
      platform: "Vinted",
    });
    expect(res.statusCode).toBe(404);
    expect(await item(ana, lot.id)).toMatchObject({ quantity: 2, status: "in_stock" });
  });

  // purchase currency: same app and users as the lots above
  it("keeps the amount as paid and the day's rate, and the euro cost as amount × rate rounded once to the cent", async () => {
    const res = await call(ana, "POST", "/api/inventory", {
      name: "AliExpress",
      // the price sent is ignored: the books' amount follows the currency's
      price: "1",
      purchaseCurrency: "usd",
      purchaseAmount: "12,99+0,01",
      purchaseRate: "0,923456",
      quantity: 3,
      purchaseDate: "2026-11-10",
    });
    expect(res.statusCode, res.body).toBe(201);
    // 13.00 × 0.923456 = 12.004928 → 12.00
    expect(res.json()).toMatchObject({
      purchaseCurrency: "USD",
      purchaseAmount: "13.00",
      purchaseRate: "0.923456",
      price: "12.00",
      quantity: 3,
    });
    // 0.05 × 0.9 = 0.045 → 0.05 (half away from zero), never a float's 0.04
    const half = (
      await call(ana, "POST", "/api/inventory", {
        name: "meio cêntimo",
        price: "0",
        purchaseCurrency: "GBP",
        purchaseAmount: "0,05",
        purchaseRate: "0.9",
      })
    ).json();
    expect(half.price).toBe("0.05");
  });

  it("answers the user's last rate for a currency, only theirs, and none for another currency", async () => {
    const last = (await call(ana, "GET", "/api/inventory/last-rate?currency=usd")).json();
    expect(last).toEqual({ currency: "USD", rate: "0.923456", on: "2026-11-10" });
    expect((await call(ana, "GET", "/api/inventory/last-rate?currency=JPY")).json()).toEqual({
      currency: "JPY",
      rate: null,
      on: null,
    });
    expect((await call(rui, "GET", "/api/inventory/last-rate?currency=USD")).json().rate).toBeNull();
    const bad = await call(ana, "GET", "/api/inventory/last-rate?currency=XYZ");
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain("Moeda de compra inválida");
  });

  it("recomputes the euro cost on edit, and a sale's profit with it; no currency keeps the typed price", async () => {
    const item = (
      await call(ana, "POST", "/api/inventory", {
        name: "Edição",
        price: "0",
        purchaseCurrency: "USD",
        purchaseAmount: "20",
        purchaseRate: "0.9",
        quantity: 2,
      })
    ).json();
    expect(item.price).toBe("18.00");
    const sale = (
      await call(ana, "POST", "/api/sales", {
        inventoryItemId: item.id,
        quantity: 2,
        salePrice: "50",
        platform: "Vinted",
      })
    ).json();
    expect(sale.profit).toBe("14.00"); // 50 − 18 × 2
    const edit = await call(ana, "PATCH", `/api/inventory/${item.id}`, { purchaseRate: "0,95" });
    expect(edit.statusCode, edit.body).toBe(200);
    const items = (await call(ana, "GET", "/api/inventory")).json();
    const edited = items.find((i: { id: number }) => i.id === item.id);
    expect(edited).toMatchObject({
      price: "19.00",
      purchaseRate: "0.950000",
      quantity: 2,
      sale: { profit: "12.00" },
    });
    // back to the books' currency: the amount and rate go, the price is the one typed
    await call(ana, "PATCH", `/api/inventory/${item.id}`, { purchaseCurrency: null, price: "17,50" });
    const plain = (await call(ana, "GET", "/api/inventory"))
      .json()
      .find((i: { id: number }) => i.id === item.id);
    expect(plain.price).toBe("17.50");
    // an item bought in euros carries no purchase fields at all
    for (const key of ["purchaseCurrency", "purchaseAmount", "purchaseRate"])
      expect(plain).not.toHaveProperty(key);
    expect(plain.sale.profit).toBe("15.00"); // 50 − 17,50 × 2
  });

  it("refuses a currency without its amount or rate, a bad rate and an unknown currency, in Portuguese", async () => {
    const post = (body: object) => call(ana, "POST", "/api/inventory", { name: "x", price: "1", ...body });
    for (const [body, message] of [
      [{ purchaseCurrency: "USD", purchaseRate: "0.9" }, "Indique o valor pago na moeda de compra"],
      [{ purchaseCurrency: "USD", purchaseAmount: "10" }, "Indique a taxa de câmbio desse dia"],
      [{ purchaseCurrency: "USD", purchaseAmount: "10", purchaseRate: "0" }, "Taxa de câmbio inválida"],
      [{ purchaseCurrency: "USD", purchaseAmount: "10", purchaseRate: "-1" }, "Taxa de câmbio inválida"],
      [
        { purchaseCurrency: "USD", purchaseAmount: "10", purchaseRate: "0,1234567" },
        "Taxa de câmbio inválida",
      ],
      [{ purchaseCurrency: "USD", purchaseAmount: "abc", purchaseRate: "1" }, "Valor inválido"],
      [{ purchaseCurrency: "ZZZ", purchaseAmount: "10", purchaseRate: "1" }, "Moeda de compra inválida"],
      [
        { purchaseCurrency: "USD", purchaseAmount: "99999999", purchaseRate: "20" },
        "O valor convertido é demasiado alto",
      ],
    ] as const) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
  });
});
