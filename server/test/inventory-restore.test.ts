import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deletedItems } from "../src/db/schema.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

describe.each(dbKinds())("undoing an item's deletion (%s)", (kind) => {
  let t: TestApp;
  let ana: string;
  let rui: string;

  const call = (cookie: string, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.createUser({ username: "ana" });
    await t.createUser({ username: "rui" });
    ana = await t.login("ana");
    rui = await t.login("rui");
  });
  afterAll(() => t.close());

  it("brings back the item as it was, with its sale and its photo", async () => {
    const item = (
      await call(ana, "POST", "/api/inventory", {
        name: "Ténis Samba",
        price: "45,10",
        shippingPrice: "4,90",
        sku: "B75806",
        size: "42",
        purchaseDate: "2026-10-01",
        tags: ["adidas"],
        notes: "caixa original",
        image: PNG,
      })
    ).json();
    const sale = (
      await call(ana, "POST", "/api/sales", {
        inventoryItemId: item.id,
        salePrice: "100",
        fees: "3,50",
        platform: "Vinted",
        buyer: "Maria",
        saleDate: "2026-11-20T00:00:00.000Z",
      })
    ).json();
    const before = (await call(ana, "GET", "/api/inventory"))
      .json()
      .find((i: { id: number }) => i.id === item.id);
    const photoBefore = await call(ana, "GET", `/api/inventory/${item.id}/photo`);
    expect(photoBefore.statusCode).toBe(200);

    const del = await call(ana, "DELETE", `/api/inventory/${item.id}`);
    expect(del.statusCode).toBe(200);
    expect(
      (await call(ana, "GET", "/api/inventory")).json().some((i: { id: number }) => i.id === item.id),
    ).toBe(false);
    expect((await call(ana, "GET", "/api/sales")).json().some((s: { id: number }) => s.id === sale.id)).toBe(
      false,
    );

    const restored = await call(ana, "POST", `/api/inventory/${item.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual(before);

    const after = (await call(ana, "GET", "/api/inventory"))
      .json()
      .find((i: { id: number }) => i.id === item.id);
    expect(after).toEqual(before);
    expect(after.sale).toMatchObject({ id: sale.id, profit: "46.50", platform: "Vinted", buyer: "Maria" });
    const sales = (await call(ana, "GET", "/api/sales")).json();
    expect(sales.find((s: { id: number }) => s.id === sale.id)).toMatchObject({
      saleDate: "2026-11-20T00:00:00.000Z",
      salePrice: "100.00",
      fees: "3.50",
    });
    const photoAfter = await call(ana, "GET", `/api/inventory/${item.id}/photo`);
    expect(photoAfter.statusCode).toBe(200);
    expect(photoAfter.rawPayload.equals(photoBefore.rawPayload)).toBe(true);
    expect((await call(ana, "GET", `/api/inventory/${item.id}/photo/thumbnail`)).statusCode).toBe(200);
    // the copy is used up: a second restore has nothing to bring back
    const again = await call(ana, "POST", `/api/inventory/${item.id}/restore`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("Item não encontrado ou já não pode ser reposto");
  });

  it("restores only the owner's own deletions, and only for a while", async () => {
    const item = (await call(ana, "POST", "/api/inventory", { name: "Gorro", price: "5" })).json();
    expect((await call(ana, "DELETE", `/api/inventory/${item.id}`)).statusCode).toBe(200);
    const byRui = await call(rui, "POST", `/api/inventory/${item.id}/restore`);
    expect(byRui.statusCode).toBe(404);
    expect(
      (await call(ana, "GET", "/api/inventory")).json().some((i: { id: number }) => i.id === item.id),
    ).toBe(false);
    // eleven minutes later the window has closed
    await t.database.db
      .update(deletedItems)
      .set({ deletedAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(deletedItems.itemId, item.id));
    const late = await call(ana, "POST", `/api/inventory/${item.id}/restore`);
    expect(late.statusCode).toBe(404);
    expect((await call(ana, "POST", "/api/inventory/999999/restore")).statusCode).toBe(404);
    expect((await call(ana, "POST", "/api/inventory/abc/restore")).statusCode).toBe(400);
  });
});
