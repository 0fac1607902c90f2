import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

/**
 * What each sale keeps of its item's cost (migration 0141, read by Status instead of joining the
 * items) follows every write path: sales recorded, edited, deleted and restored, items edited
 * (price, shipping, units, bought in another currency), lots split and merged back, CSV imports.
 */
describe.each(dbKinds())("the cost kept on each sale (%s)", (kind) => {
  let t: TestApp;
  let ana: string;

  const call = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: ana }, payload });
  /** the sales whose kept cost is not (price + shipping) × units of their item now */
  const drifted = async () => {
    const result = await t.database.db.execute(sql`
      select s.id, s.sold_cost::text as kept, ((i.price + i.shipping_price) * i.quantity)::text as cost
      from sales s left join inventory_items i on i.id = s.inventory_item_id
      where s.sold_cost is distinct from (i.price + i.shipping_price) * i.quantity`);
    return (result as unknown as { rows: unknown[] }).rows;
  };
  const kept = async (saleId: number) => {
    const result = await t.database.db.execute(
      sql`select sold_cost::text as cost from sales where id = ${saleId}`,
    );
    return (result as unknown as { rows: { cost: string | null }[] }).rows[0]?.cost;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.createUser({ username: "ana" });
    ana = await t.login("ana");
  });
  afterAll(() => t.close());

  it("is the item's cost when the sale is recorded, and follows edits of the item and the sale", async () => {
    const item = (
      await call("POST", "/api/inventory", { name: "Casaco", price: "30", shippingPrice: "2.50" })
    ).json();
    const res = await call("POST", "/api/sales", {
      inventoryItemId: item.id,
      salePrice: "50",
      platform: "Vinted",
    });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json();
    expect(await kept(sale.id)).toBe("32.50");

    expect((await call("PATCH", `/api/inventory/${item.id}`, { price: "31.10" })).statusCode).toBe(200);
    expect(await kept(sale.id)).toBe("33.60");
    expect((await call("PATCH", `/api/inventory/${item.id}`, { shippingPrice: "0" })).statusCode).toBe(200);
    expect(await kept(sale.id)).toBe("31.10");
    // bought in dollars: the price in the books' currency is the amount at the rate
    const usd = await call("PATCH", `/api/inventory/${item.id}`, {
      purchaseCurrency: "USD",
      purchaseAmount: "20",
      purchaseRate: "0.9",
    });
    expect(usd.statusCode, usd.body).toBe(200);
    expect(await kept(sale.id)).toBe(`${usd.json().price}`);
    // back to euros, with its units: one edit of all that makes the cost
    const all = await call("PATCH", `/api/inventory/${item.id}`, {
      purchaseCurrency: null,
      price: "40",
      shippingPrice: "1",
      quantity: 2,
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(await kept(sale.id)).toBe("82.00");
    // a status edit (out of sold and back) records a new sale with the cost of now
    expect((await call("PUT", `/api/inventory/${item.id}`, { status: "in_stock" })).statusCode).toBe(200);
    const again = await call("PUT", `/api/inventory/${item.id}`, {
      status: "sold",
      salePrice: "90",
      platform: "OLX",
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await drifted()).toEqual([]);
    // the sale's own edit leaves it as it is
    const resold = (await call("GET", "/api/sales"))
      .json()
      .find((s: { inventoryItemId: number }) => s.inventoryItemId === item.id);
    expect(await kept(resold.id)).toBe("82.00");
    expect((await call("PUT", `/api/sales/${resold.id}`, { salePrice: "99", fees: "1" })).statusCode).toBe(
      200,
    );
    expect(await kept(resold.id)).toBe("82.00");
    expect(await drifted()).toEqual([]);
  });

  it("follows a lot split by a sale of some units and merged back when the sale goes", async () => {
    const lot = (
      await call("POST", "/api/inventory", { name: "Meias", price: "10", shippingPrice: "1", quantity: 5 })
    ).json();
    const res = await call("POST", "/api/sales", {
      inventoryItemId: lot.id,
      quantity: 2,
      salePrice: "30",
      platform: "Vinted",
    });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json();
    expect(await kept(sale.id)).toBe("22.00");
    expect((await call("PATCH", `/api/inventory/${sale.inventoryItemId}`, { quantity: 3 })).statusCode).toBe(
      200,
    );
    expect(await kept(sale.id)).toBe("33.00");
    expect(await drifted()).toEqual([]);
    expect((await call("DELETE", `/api/sales/${sale.id}`)).statusCode).toBe(200);
    const whole = await call("POST", "/api/sales", {
      inventoryItemId: lot.id,
      quantity: 5,
      salePrice: "60",
      platform: "OLX",
    });
    expect(whole.statusCode, whole.body).toBe(201);
    expect(await kept(whole.json().id)).toBe("55.00");
    expect(await drifted()).toEqual([]);
  });

  it("comes back with a deleted item put back, and with imported sales", async () => {
    const item = (
      await call("POST", "/api/inventory", { name: "Boné", price: "7.25", shippingPrice: "0.75" })
    ).json();
    const sale = (
      await call("POST", "/api/sales", { inventoryItemId: item.id, salePrice: "15", platform: "OLX" })
    ).json();
    expect((await call("DELETE", `/api/inventory/${item.id}`)).statusCode).toBe(200);
    expect(await kept(sale.id)).toBeUndefined();
    const restored = await call("POST", `/api/inventory/${item.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await kept(sale.id)).toBe("8.00");

    const items = await call("POST", "/api/inventory/import", {
      content: "Nome;Preço;Portes;Estado\nJordan 1;120,00;5,00;Em Stock\n",
    });
    expect(items.statusCode, items.body).toBe(200);
    const file = [
      "Data;Item;Data de compra;Preço de venda;Taxas;Plataforma;Comprador;Custo",
      "15/03/2026;Jordan 1;;200,00;10,35;vinted;Marta;",
      "16/03/2026;Dunk Low;;90,10;0,20;eBay;;60,00",
    ].join("\n");
    const imported = await call("POST", "/api/sales/import", { content: file });
    expect(imported.json()).toMatchObject({ imported: 2 });
    const costs = await t.database.db.execute(sql`
      select i.name, s.sold_cost::text as cost from sales s join inventory_items i on i.id = s.inventory_item_id
      where i.name in ('Jordan 1', 'Dunk Low') order by i.name`);
    expect((costs as unknown as { rows: unknown[] }).rows).toEqual([
      { name: "Dunk Low", cost: "60.00" },
      { name: "Jordan 1", cost: "125.00" },
    ]);
    expect(await drifted()).toEqual([]);
  });
});
