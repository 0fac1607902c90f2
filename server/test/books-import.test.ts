import { createHash } from "node:crypto";
import net from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFingerprints, inventoryItems, sales } from "../src/db/schema.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

const BOM = "\uFEFF";

describe.each(dbKinds())("books CSV import (%s)", (kind) => {
  let t: TestApp;
  let ana: string;
  let rui: string;
  let eva: string;
  let anaId: number;

  const post = (cookie: string, url: string, payload: object) =>
    t.app.inject({ method: "POST", url, headers: { cookie }, payload });
  const items = async (userId: number) =>
    t.database.db.select().from(inventoryItems).where(eq(inventoryItems.userId, userId));
  const userId = async (cookie: string) =>
    (await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } })).json().id as number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.createUser({ username: "ana" });
    await t.createUser({ username: "rui" });
    await t.createUser({ username: "eva" });
    ana = await t.login("ana");
    rui = await t.login("rui");
    eva = await t.login("eva");
    anaId = await userId(ana);
  });
  afterAll(() => t.close());

  it("answers 401 without a session", async () => {
    for (const url of [
      "/api/inventory/import/preview",
      "/api/inventory/import",
      "/api/sales/import/preview",
      "/api/sales/import",
    ]) {
      const res = await t.app.inject({ method: "POST", url, payload: { content: "Nome;Preço\nx;1\n" } });
      expect(res.statusCode).toBe(401);
    }
  });

  // a pt-PT spreadsheet: BOM, ';', decimal commas, dd/MM/yyyy, one cell over two lines
  const PT_FILE = [
    `${BOM}Nome;Preço;Portes;Data de compra;Local de compra;Tamanho;Estado;Notas`,
    "Ténis Samba;45,10;4,90;03/02/2026;Zara Colombo;42;Em Stock;",
    ";12,00;;;;;;sem nome",
    "Casaco;dez euros;;;;;;",
    'Boné;0,10;0,10;2026-02-30;;;;"duas',
    'linhas"',
    "",
    "Meias;0,10;0,10;2026-02-28;;;Pendente;",
    "Meias;0,10;0,10;2026-02-28;;;Pendente;",
    "Camisola;1.234,56;;;;;Vendido;",
    "Gorro;-3;;;;;;",
  ].join("\r\n");

  it("previews a pt-PT file: valid rows with their values, the rest with Portuguese errors by line", async () => {
    const res = await post(ana, "/api/inventory/import/preview", { content: PT_FILE });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      kind: "inventory",
      committed: false,
      imported: 0,
      delimiter: ";",
      counts: { valid: 3, invalid: 5, duplicate: 0, overLimit: 0 },
    });
    expect(answer.mapping).toMatchObject({
      name: "Nome",
      price: "Preço",
      shippingPrice: "Portes",
      purchaseDate: "Data de compra",
      purchaseLocation: "Local de compra",
      size: "Tamanho",
      status: "Estado",
      notes: "Notas",
      sku: null,
    });
    const byLine = Object.fromEntries(
      answer.rows.map((r: { line: number; errors: { message: string }[] }) => [r.line, r]),
    );
    expect(byLine[2]).toMatchObject({
      outcome: "valid",
      label: "Ténis Samba",
      values: {
        name: "Ténis Samba",
        price: "45.10",
        shippingPrice: "4.90",
        purchaseDate: "2026-02-03",
        purchaseLocation: "Zara Colombo",
        size: "42",
        status: "in_stock",
      },
    });
    const messages = (line: number) => byLine[line].errors.map((e: { message: string }) => e.message);
    expect(messages(3)).toEqual(["Nome obrigatório"]);
    expect(messages(4)).toEqual(["Valor inválido"]);
    // the multi-line cell's row is named by the line it starts on; 30 February does not exist
    expect(messages(5)).toEqual(["Data inválida (use dd/mm/aaaa ou aaaa-mm-dd)"]);
    expect(byLine[8]).toMatchObject({
      outcome: "valid",
      values: { status: "pending", purchaseDate: "2026-02-28" },
    });
    expect(byLine[9]).toMatchObject({ outcome: "valid" });
    expect(messages(10)).toEqual(["Artigo vendido: importe-o em Vendas, com a data e o preço da venda"]);
    expect(messages(11)).toEqual(["O valor não pode ser negativo"]);
    // a preview writes nothing
    expect(await items(anaId)).toHaveLength(0);
  });

  it("commits the valid rows in one go, exact to the cent, and the same file again adds nothing", async () => {
    const res = await post(ana, "/api/inventory/import", { content: PT_FILE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ committed: true, imported: 3, counts: { valid: 3, invalid: 5 } });
    const mine = await items(anaId);
    expect(mine.map((i) => i.name).sort()).toEqual(["Meias", "Meias", "Ténis Samba"]);
    const samba = mine.find((i) => i.name === "Ténis Samba");
    expect(samba?.purchaseDate?.toISOString()).toBe("2026-02-03T00:00:00.000Z");
    // 45,10 + 4,90 + 4 × 0,10 summed by the database, exact
    const result = await t.database.db.execute(
      sql`select (sum(price) + sum(shipping_price))::text as total from inventory_items where user_id = ${anaId}`,
    );
    const { total } = (result as unknown as { rows: { total: string }[] }).rows[0];
    expect(total).toBe("50.40");

    const again = await post(ana, "/api/inventory/import", { content: PT_FILE });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ imported: 0, counts: { valid: 0, duplicate: 3, invalid: 5 } });
    const duplicate = again.json().rows.find((r: { line: number }) => r.line === 2);
    expect(duplicate).toMatchObject({ outcome: "duplicate", errors: [{ message: "Linha já importada" }] });
    expect(await items(anaId)).toHaveLength(3);

    // another account imports the same file as new
    const other = await post(rui, "/api/inventory/import/preview", { content: PT_FILE });
    expect(other.json().counts).toMatchObject({ valid: 3, duplicate: 0 });
  });

  it("reads ',' files with English or Spanish headers and ISO days; a third equal row is new", async () => {
    const en = 'Name,Price,Shipping,Purchase date,SKU\nMeias,"0,10",0.10,2026-02-28,\n';
    expect((await post(eva, "/api/inventory/import/preview", { content: en })).json()).toMatchObject({
      delimiter: ",",
      mapping: {
        name: "Name",
        price: "Price",
        shippingPrice: "Shipping",
        purchaseDate: "Purchase date",
        sku: "SKU",
      },
      rows: [
        { outcome: "valid", values: { price: "0.10", shippingPrice: "0.10", purchaseDate: "2026-02-28" } },
      ],
    });
    const es = "Nombre\tPrecio\tTalla\tFecha de compra\nZapatillas\t30,5\t40\t1/2/2026\n";
    expect((await post(eva, "/api/inventory/import/preview", { content: es })).json()).toMatchObject({
      delimiter: "\t",
      rows: [
        {
          outcome: "valid",
          values: { name: "Zapatillas", price: "30.50", size: "40", purchaseDate: "2026-02-01" },
        },
      ],
    });
  });

  it("lets the user choose the columns, and says which required column the file lacks", async () => {
    const file = "Artigo comprado;Quanto paguei\nTénis;10\n";
    const guessed = (await post(eva, "/api/inventory/import/preview", { content: file })).json();
    expect(guessed.columns).toEqual(["Artigo comprado", "Quanto paguei"]);
    expect(guessed.rows[0].errors.map((e: { message: string }) => e.message)).toEqual([
      "Coluna obrigatória em falta no ficheiro",
      "Coluna obrigatória em falta no ficheiro",
    ]);
    const chosen = await post(eva, "/api/inventory/import/preview", {
      content: file,
      mapping: { name: "Artigo comprado", price: "Quanto paguei" },
    });
    expect(chosen.json().rows[0]).toMatchObject({
      outcome: "valid",
      values: { name: "Ténis", price: "10.00" },
    });
    const wrong = await post(eva, "/api/inventory/import/preview", {
      content: file,
      mapping: { name: "Outra" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("Coluna inexistente no ficheiro");
  });

  it("imports sales: the oldest unsold item of that name and day is sold, else an item is created as sold", async () => {
    const bought = await post(rui, "/api/inventory", {
      name: "Jordan 1",
      price: "120,00",
      shippingPrice: "5,00",
      purchaseDate: "2026-01-10",
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const file = [
      "Data;Item;Data de compra;Preço de venda;Taxas;Plataforma;Comprador;Custo",
      "15/03/2026;jordan 1;10/01/2026;200,00;10,35;vinted;Marta;",
      "16/03/2026;Dunk Low;;90,10;0,20;eBay;;60,00",
      "17/03/2026;Sem preço;;;;Vinted;;",
    ].join("\n");
    const preview = (await post(rui, "/api/sales/import/preview", { content: file })).json();
    expect(preview.counts).toMatchObject({ valid: 2, invalid: 1 });
    expect(preview.rows[0]).toMatchObject({
      line: 2,
      itemId: bought.json().id,
      values: { platform: "Vinted" },
    });
    expect(preview.rows[1]).toMatchObject({ line: 3, itemId: null });
    expect(preview.rows[2].errors.map((e: { message: string }) => e.message)).toEqual([
      "Preço de venda obrigatório",
    ]);

    const res = await post(rui, "/api/sales/import", { content: file });
    expect(res.json()).toMatchObject({ imported: 2 });
    const list = (await t.app.inject({ method: "GET", url: "/api/sales", headers: { cookie: rui } })).json();
    const jordan = list.find((s: { item: { name: string } }) => s.item.name === "Jordan 1");
    // 200,00 − 120,00 − 5,00 − 10,35, exact
    expect(jordan).toMatchObject({ salePrice: "200.00", fees: "10.35", profit: "64.65", buyer: "Marta" });
    expect(jordan.saleDate).toBe("2026-03-15T00:00:00.000Z");
    const dunk = list.find((s: { item: { name: string } }) => s.item.name === "Dunk Low");
    expect(dunk).toMatchObject({ salePrice: "90.10", profit: "29.90", item: { price: "60.00" } });
    const statuses = (await items(await userId(rui))).filter((i) =>
      ["Jordan 1", "Dunk Low"].includes(i.name),
    );
    expect(statuses.map((i) => i.status)).toEqual(["sold", "sold"]);

    const again = (await post(rui, "/api/sales/import", { content: file })).json();
    expect(again).toMatchObject({ imported: 0, counts: { duplicate: 2, invalid: 1 } });
    const count = await t.database.db
      .select()
      .from(sales)
      .where(eq(sales.userId, await userId(rui)));
    expect(count).toHaveLength(2);
  });

  it("re-imports the app's own CSV exports into another account", async () => {
    const item = (
      await t.app.inject({ method: "GET", url: "/api/inventory/export", headers: { cookie: ana } })
    ).body;
    const sold = (await t.app.inject({ method: "GET", url: "/api/sales/export", headers: { cookie: rui } }))
      .body;
    await t.createUser({ username: "zeca" });
    const zeca = await t.login("zeca");
    const inv = (await post(zeca, "/api/inventory/import", { content: item })).json();
    expect(inv).toMatchObject({ imported: 3, counts: { invalid: 0 } });
    expect(inv.rows.find((r: { label: string }) => r.label === "Ténis Samba").values).toMatchObject({
      price: "45.10",
      shippingPrice: "4.90",
      purchaseDate: "2026-02-03",
      purchaseLocation: "Zara Colombo",
      status: "in_stock",
    });
    const sal = (await post(zeca, "/api/sales/import", { content: sold })).json();
    expect(sal).toMatchObject({ imported: 2, counts: { invalid: 0 } });
    const list = (await t.app.inject({ method: "GET", url: "/api/sales", headers: { cookie: zeca } })).json();
    // the export's "Custo" (price + shipping) becomes the new item's price: the profit is kept
    expect(list.map((s: { profit: string }) => s.profit).sort()).toEqual(["29.90", "64.65"]);
  });

  it("re-imports nothing of the app's own exports into the account they came from", async () => {
    await t.createUser({ username: "lia" });
    const lia = await t.login("lia");
    const add = async (payload: object) => (await post(lia, "/api/inventory", payload)).json();
    await add({ name: "Casaco", price: "30,00", shippingPrice: "2,50", purchaseDate: "2026-01-05" });
    const sold = await add({ name: "Saia", price: "5" });
    const sale = await post(lia, "/api/sales", {
      inventoryItemId: sold.id,
      salePrice: "12,40",
      saleDate: "2026-03-20",
      platform: "OLX",
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const get = async (url: string) =>
      (await t.app.inject({ method: "GET", url, headers: { cookie: lia } })).body;

    const items = (
      await post(lia, "/api/inventory/import", { content: await get("/api/inventory/export") })
    ).json();
    expect(items.imported).toBe(0);
    const byName = (rows: { label: string; errors: { message: string }[] }[], name: string) =>
      rows.find((r) => r.label === name)?.errors.map((e) => e.message);
    expect(byName(items.rows, "Casaco")).toEqual(["Já existe no inventário"]);
    expect(byName(items.rows, "Saia")).toEqual([
      "Artigo vendido: importe-o em Vendas, com a data e o preço da venda",
    ]);
    const sales = (await post(lia, "/api/sales/import", { content: await get("/api/sales/export") })).json();
    expect(sales).toMatchObject({ imported: 0, counts: { duplicate: 1 } });
    expect(byName(sales.rows, "Saia")).toEqual(["Já existe nas vendas"]);
    // a second equal row is a second item: the books held only one
    const twice = "Nome;Preço;Portes;Data de compra\nCasaco;30;2,5;05/01/2026\nCasaco;30;2,5;05/01/2026\n";
    const preview = (await post(lia, "/api/inventory/import/preview", { content: twice })).json();
    expect(preview.rows.map((r: { outcome: string }) => r.outcome)).toEqual(["duplicate", "valid"]);
  });

  it("writes the rows within the items' quota and reports the rest as over the limit", async () => {
    await t.createUser({ username: "chefe", role: "admin" });
    const admin = await t.login("chefe");
    const setQuota = async (quotaItems: number) => {
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/settings",
        headers: { cookie: admin },
        payload: { global: { quotaItems } },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await t.createUser({ username: "rita" });
    const rita = await t.login("rita");
    await setQuota(2);
    try {
      const file = "Nome;Preço\nA;1\nB;2\nC;3\n";
      const res = (await post(rita, "/api/inventory/import", { content: file })).json();
      expect(res).toMatchObject({ imported: 2, counts: { valid: 2, overLimit: 1 } });
      expect(res.rows[2]).toMatchObject({
        line: 4,
        outcome: "overLimit",
        errors: [{ message: "Limite de itens no inventário atingido" }],
      });
      expect((await items(await userId(rita))).map((i) => i.name).sort()).toEqual(["A", "B"]);
    } finally {
      await setQuota(5_000);
    }
  });

  it("re-imports lots and items bought in another currency as the same items: units, currency, amount as paid, rate", async () => {
    await t.createUser({ username: "nuno" });
    await t.createUser({ username: "olga" });
    const nuno = await t.login("nuno");
    const olga = await t.login("olga");
    const add = async (payload: object) => {
      const res = await post(nuno, "/api/inventory", payload);
      expect(res.statusCode, res.body).toBe(201);
    };
    await add({
      name: "Lote AliExpress",
      price: "1",
      shippingPrice: "0,50",
      quantity: 3,
      purchaseCurrency: "USD",
      purchaseAmount: "12,99",
      purchaseRate: "0,9234",
      purchaseDate: "2026-11-02",
      status: "transit",
    });
    await add({
      name: "Camisola Londres",
      price: "1",
      purchaseCurrency: "GBP",
      purchaseAmount: "20",
      purchaseRate: "1,187654",
    });
    await add({ name: "Meias", price: "2,50", quantity: 12, sku: "M-12" });
    await add({ name: "Boné", price: "5" });
    const exported = (
      await t.app.inject({ method: "GET", url: "/api/inventory/export", headers: { cookie: nuno } })
    ).body;

    const res = await post(olga, "/api/inventory/import", { content: exported });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 4, counts: { valid: 4, invalid: 0 } });
    const fields = ({
      id: _id,
      userId: _u,
      createdAt: _c,
      updatedAt: _up,
      ...rest
    }: Record<string, unknown>) => rest;
    const byName = (rows: Record<string, unknown>[]) =>
      rows.map(fields).sort((a, b) => String(a.name).localeCompare(String(b.name)));
    const nunoItems = byName(await items(await userId(nuno)));
    const olgaItems = byName(await items(await userId(olga)));
    expect(olgaItems).toEqual(nunoItems);
    expect(olgaItems.find((i) => i.name === "Lote AliExpress")).toMatchObject({
      quantity: 3,
      price: "11.99",
      shippingPrice: "0.50",
      purchaseCurrency: "USD",
      purchaseAmount: "12.99",
      purchaseRate: "0.923400",
      status: "transit",
    });
    expect(olgaItems.find((i) => i.name === "Meias")).toMatchObject({ quantity: 12, purchaseCurrency: null });

    // the same file again adds nothing, in either account
    for (const cookie of [olga, nuno]) {
      const again = (await post(cookie, "/api/inventory/import", { content: exported })).json();
      expect(again).toMatchObject({ imported: 0, counts: { duplicate: 4 } });
    }
  });

  it("reads a spreadsheet's quantity and currency columns: no quantity is one unit, € is the books' currency, a currency needs its amount and rate", async () => {
    const file = [
      "Nome;Preço;Qtd;Moeda;Valor pago;Câmbio",
      "Sem quantidade;4;;;;",
      "Euros;7,5;2;€;;",
      "Dólares;999;5;usd;10;0,9",
      "Sem taxa;1;1;USD;10;",
      "Sem valor;1;1;GBP;;1,2",
      "Taxa errada;1;1;JPY;100;0",
    ].join("\n");
    const res = await post(ana, "/api/inventory/import/preview", { content: file });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.mapping).toMatchObject({
      quantity: "Qtd",
      purchaseCurrency: "Moeda",
      purchaseAmount: "Valor pago",
      purchaseRate: "Câmbio",
    });
    const row = (line: number) => answer.rows.find((r: { line: number }) => r.line === line);
    expect(row(2).values).toMatchObject({ quantity: 1, price: "4.00", purchaseCurrency: null });
    expect(row(3).values).toMatchObject({ quantity: 2, price: "7.50", purchaseCurrency: null });
    // in another currency the price column is not read: the price is amount × rate
    expect(row(4).values).toMatchObject({
      quantity: 5,
      price: "9.00",
      purchaseCurrency: "USD",
      purchaseAmount: "10.00",
      purchaseRate: "0.900000",
    });
    const messages = (line: number) => row(line).errors.map((e: { message: string }) => e.message);
    expect(messages(5)).toEqual(["Indique a taxa de câmbio desse dia"]);
    expect(messages(6)).toEqual(["Indique o valor pago na moeda de compra"]);
    expect(messages(7)).toEqual(["Taxa de câmbio inválida: um número positivo, até 6 casas decimais"]);
  });

  it("refuses a whole file with a bad quantity or an unknown currency, naming each line in Portuguese and writing nothing", async () => {
    const before = (await items(anaId)).length;
    const file = [
      "Nome;Preço;Quantidade;Moeda de compra;Valor na moeda de compra;Taxa de câmbio",
      "Bom;4;2;;;",
      "Zero;4;0;;;",
      "Meia unidade;4;2,5;;;",
      "Palavra;4;três;;;",
      "Bom também;4;1;USD;5;0,9",
      "Moeda inventada;4;1;XYZ;5;1",
      "Demasiadas;4;10001;;;",
    ].join("\n");
    for (const url of ["/api/inventory/import/preview", "/api/inventory/import"]) {
      const res = await post(ana, url, { content: file });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        message: "Quantidade ou moeda de compra inválida no ficheiro: nada foi importado",
        errors: [
          { path: "3", message: "A quantidade mínima é 1" },
          { path: "4", message: "A quantidade é um número inteiro de unidades" },
          { path: "5", message: "Quantidade inválida" },
          { path: "7", message: "Moeda de compra inválida" },
          { path: "8", message: "Quantidade máxima: 10000" },
        ],
      });
    }
    expect(await items(anaId)).toHaveLength(before);
  });

  describe("sales of several units", () => {
    const newUser = async (name: string) => {
      await t.createUser({ username: name });
      const cookie = await t.login(name);
      return { cookie, id: await userId(cookie) };
    };
    const salesOf = async (cookie: string) =>
      (await t.app.inject({ method: "GET", url: "/api/sales", headers: { cookie } })).json();
    const salesCount = async (id: number) =>
      (await t.database.db.select().from(sales).where(eq(sales.userId, id))).length;
    const buy = async (cookie: string, payload: object) => {
      const res = await post(cookie, "/api/inventory", payload);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number };
    };

    it("creates the item of a sale of N units not in stock already sold with N units, each at the row's cost / N", async () => {
      const u = await newUser("sara");
      const file = [
        "Data;Item;Quantidade;Preço de venda;Taxas;Custo",
        "10/03/2026;Meias de lã;3;30,00;1,00;12,00",
        "11/03/2026;Lote torto;3;9,00;0;10,00",
      ].join("\n");
      const res = await post(u.cookie, "/api/sales/import", { content: file });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ imported: 1, counts: { valid: 1, invalid: 1 } });
      // 10,00 for 3 units is not a unit cost to the cent: that row's error, in the preview's words
      expect(res.json().rows[1]).toMatchObject({
        line: 3,
        outcome: "invalid",
        errors: [
          {
            path: "itemCost",
            message:
              "O custo não se divide pelas unidades ao cêntimo: indique um custo múltiplo da quantidade",
          },
        ],
      });
      const mine = await items(u.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ name: "Meias de lã", quantity: 3, price: "4.00", status: "sold" });
      // 30,00 − 4,00 × 3 − 1,00
      expect(await salesOf(u.cookie)).toMatchObject([
        { salePrice: "30.00", fees: "1.00", profit: "17.00", quantity: 3 },
      ]);
    });

    it("sells N units of a lot as the sale dialog does: the lot keeps the rest, the profit is for those N", async () => {
      const u = await newUser("tiago");
      const lot = await buy(u.cookie, {
        name: "Lote Meias",
        price: "2,50",
        shippingPrice: "0,50",
        quantity: 10,
        status: "pending",
      });
      const file = "Data;Item;Qtd;Preço de venda;Taxas\n12/03/2026;lote meias;3;20,00;1,00\n";
      const preview = (await post(u.cookie, "/api/sales/import/preview", { content: file })).json();
      expect(preview.rows[0]).toMatchObject({ outcome: "valid", itemId: lot.id, values: { quantity: 3 } });
      expect(await salesCount(u.id)).toBe(0);

      const res = (await post(u.cookie, "/api/sales/import", { content: file })).json();
      expect(res).toMatchObject({ imported: 1 });
      const mine = await items(u.id);
      const kept = mine.find((i) => i.id === lot.id);
      expect(kept).toMatchObject({ quantity: 7, status: "pending" });
      const part = mine.find((i) => i.id !== lot.id);
      expect(part).toMatchObject({
        name: "Lote Meias",
        quantity: 3,
        price: "2.50",
        shippingPrice: "0.50",
        status: "sold",
        splitFromItemId: lot.id,
      });
      // 20,00 − (2,50 + 0,50) × 3 − 1,00
      expect(await salesOf(u.cookie)).toMatchObject([
        { inventoryItemId: part?.id, profit: "10.00", quantity: 3 },
      ]);

      // the last 7 units in one row sell the lot's own row, two rows take the units in turn
      const rest = [
        "Data;Item;Qtd;Preço de venda;Taxas",
        "13/03/2026;Lote Meias;2;8,00;0",
        "14/03/2026;Lote Meias;5;20,00;0",
      ].join("\n");
      expect((await post(u.cookie, "/api/sales/import", { content: rest })).json()).toMatchObject({
        imported: 2,
      });
      const after = await items(u.id);
      expect(after.find((i) => i.id === lot.id)).toMatchObject({ quantity: 5, status: "sold" });
      expect(after.map((i) => i.quantity).sort((a, b) => a - b)).toEqual([2, 3, 5]);
      expect((await salesOf(u.cookie)).map((s: { profit: string }) => s.profit).sort()).toEqual([
        "10.00",
        "2.00",
        "5.00",
      ]);
    });

    it("makes a sale of more units than the lot has left that row's error in the preview, writing nothing of it", async () => {
      const u = await newUser("ursula");
      const lot = await buy(u.cookie, { name: "Boné", price: "5", quantity: 2 });
      const file = [
        "Data;Item;Quantidade;Preço de venda;Custo",
        "12/03/2026;Boné;3;30,00;",
        "12/03/2026;Outro;1;9,00;4",
      ].join("\n");
      for (const url of ["/api/sales/import/preview", "/api/sales/import"]) {
        const res = await post(u.cookie, url, { content: file });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().counts).toMatchObject({ valid: 1, invalid: 1 });
        expect(res.json().rows[0]).toMatchObject({
          line: 2,
          outcome: "invalid",
          errors: [{ path: "quantity", message: "Não restam tantas unidades deste item" }],
        });
      }
      const mine = await items(u.id);
      expect(mine.find((i) => i.id === lot.id)).toMatchObject({ quantity: 2, status: "in_stock" });
      expect(mine).toHaveLength(2);
      expect((await salesOf(u.cookie)).map((s: { item: { name: string } }) => s.item.name)).toEqual([
        "Outro",
      ]);
    });

    it("refuses a whole sales file with an unreadable Quantidade, writing nothing", async () => {
      const u = await newUser("vasco");
      const file = [
        "Data;Item;Quantidade;Preço de venda",
        "12/03/2026;Bom;2;30,00",
        "12/03/2026;Mau;dois;9,00",
      ].join("\n");
      for (const url of ["/api/sales/import/preview", "/api/sales/import"]) {
        const res = await post(u.cookie, url, { content: file });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({
          message: "Quantidade ou moeda de compra inválida no ficheiro: nada foi importado",
          errors: [{ path: "3", message: "Quantidade inválida" }],
        });
      }
      expect(await items(u.id)).toHaveLength(0);
      expect(await salesCount(u.id)).toBe(0);
    });

    it("round-trips the Sales CSV with sales of several units into an empty account: same sales, units, costs, profits", async () => {
      const from = await newUser("xana");
      const to = await newUser("yara");
      const lot = await buy(from.cookie, {
        name: "Lote Tshirts",
        price: "3,33",
        shippingPrice: "0,34",
        quantity: 5,
        sku: "TS-5",
      });
      const one = await buy(from.cookie, { name: "Casaco", price: "20", shippingPrice: "1,99" });
      const sell = async (payload: object) => {
        const res = await post(from.cookie, "/api/sales", payload);
        expect(res.statusCode, res.body).toBe(201);
      };
      await sell({
        inventoryItemId: lot.id,
        quantity: 2,
        salePrice: "15,00",
        fees: "0,99",
        saleDate: "2026-03-01",
        platform: "Vinted",
        buyer: "Rita",
      });
      await sell({
        inventoryItemId: lot.id,
        quantity: 3,
        salePrice: "21",
        saleDate: "2026-03-02",
        platform: "OLX",
      });
      await sell({
        inventoryItemId: one.id,
        salePrice: "35,50",
        fees: "2",
        saleDate: "2026-03-03",
        platform: "eBay",
      });
      const exportOf = async (cookie: string) =>
        (await t.app.inject({ method: "GET", url: "/api/sales/export", headers: { cookie } })).body;
      const exported = await exportOf(from.cookie);

      const res = await post(to.cookie, "/api/sales/import", { content: exported });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ imported: 3, counts: { invalid: 0 } });
      const shape = (list: Record<string, unknown>[]) =>
        list
          .map(({ salePrice, fees, profit, quantity, currency, buyer, platform, saleDate }) => ({
            salePrice,
            fees,
            profit,
            quantity,
            currency,
            buyer,
            platform,
            saleDate,
          }))
          .sort((a, b) => String(a.saleDate).localeCompare(String(b.saleDate)));
      expect(shape(await salesOf(to.cookie))).toEqual(shape(await salesOf(from.cookie)));
      expect(shape(await salesOf(to.cookie)).map((s) => [s.quantity, s.profit])).toEqual([
        [2, "6.67"],
        [3, "9.99"],
        [1, "11.51"],
      ]);
      // the same file, written again from the new account: costs (unit cost × units) included
      expect(await exportOf(to.cookie)).toBe(exported);
      // and imported again it adds nothing, in either account
      for (const cookie of [to.cookie, from.cookie]) {
        expect((await post(cookie, "/api/sales/import", { content: exported })).json()).toMatchObject({
          imported: 0,
          counts: { duplicate: 3 },
        });
      }
    });

    it("keeps the fingerprint of a 1-unit row, and adds the units to it only when not one", async () => {
      const u = await newUser("zita");
      // what the import hashed before sales had units: the row's values, without the quantity
      const print = (name: string, price: string, date: string, cost: string, units: unknown[] = []) =>
        createHash("sha256")
          .update(
            `${JSON.stringify(["sales", name.toLowerCase(), cost, "0.00", null, null, null, null, "sold", null, price, date, null, "0.00", null, ...units])}#0`,
          )
          .digest("base64url");
      const oneUnit = (name: string, price: string, date: string, cost: string) =>
        print(name, price, date, cost);
      const file = [
        "Data;Item;Quantidade;Preço de venda;Custo",
        "12/03/2026;Meias;1;8,00;3,00",
        "13/03/2026;Luvas;;9,00;4,00",
        "14/03/2026;Gorros;2;20,00;6,00",
      ].join("\n");
      expect((await post(u.cookie, "/api/sales/import", { content: file })).json()).toMatchObject({
        imported: 3,
      });
      const stored = (
        await t.database.db.select().from(importFingerprints).where(eq(importFingerprints.userId, u.id))
      ).map((f) => f.fingerprint);
      expect(stored).toContain(oneUnit("Meias", "8.00", "2026-03-12", "3.00"));
      expect(stored).toContain(oneUnit("Luvas", "9.00", "2026-03-13", "4.00"));
      // 2 units (at 3,00 each) are not the one unit at 6,00 a file without the column says: the
      // units, with no purchase currency, are in that row's fingerprint
      expect(stored).toContain(print("Gorros", "20.00", "2026-03-14", "3.00", [2, null, null, null]));
      expect(stored).not.toContain(oneUnit("Gorros", "20.00", "2026-03-14", "6.00"));
      // a file of those sales without the column (as imported before) is "já importada"
      const old = "Data;Item;Preço de venda;Custo\n12/03/2026;Meias;8,00;3,00\n13/03/2026;Luvas;9,00;4,00\n";
      const again = (await post(u.cookie, "/api/sales/import/preview", { content: old })).json();
      expect(again.rows.map((r: { errors: { message: string }[] }) => r.errors[0]?.message)).toEqual([
        "Linha já importada",
        "Linha já importada",
      ]);
    });
  });

  it("refuses a malformed CSV with a clear 400 and its line, writing nothing", async () => {
    const before = (await items(anaId)).length;
    const res = await post(ana, "/api/inventory/import", {
      content: 'Nome;Preço\nCasaco;10\n"Saia sem fim;5\nBoné;3\n',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "O ficheiro CSV está mal formado",
      errors: [{ path: "3", message: "Aspas por fechar" }],
    });
    expect(await items(anaId)).toHaveLength(before);
    const empty = await post(ana, "/api/inventory/import/preview", { content: "\n\n" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("O ficheiro está vazio");
  });

  it("refuses a file over 10 MB with 413 and a Portuguese message, not a 500", async () => {
    // just over the file limit but inside the request's: the server's own check
    const big = `Nome;Preço\n${"Ténis;10,00\n".repeat(900_000)}`;
    const res = await post(ana, "/api/inventory/import/preview", { content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("Ficheiro demasiado grande (máximo 10 MB)");

    const huge = JSON.stringify({ content: "x".repeat(50 * 1024 * 1024) });
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/inventory/import",
      headers: { cookie: ana, "content-type": "application/json" },
      payload: huge,
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe("Ficheiro demasiado grande (máximo 10 MB)");
  });

  it("answers 413 to a declared 50 MB upload before reading its body", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), "127.0.0.1", () => {
        // the headers promise 50 MB; only a few bytes follow, and the answer must not wait for the rest
        socket.write(
          [
            "POST /api/inventory/import HTTP/1.1",
            "Host: 127.0.0.1",
            `Cookie: ${ana}`,
            "Content-Type: application/json",
            `Content-Length: ${50 * 1024 * 1024}`,
            "",
            '{"content":"',
          ].join("\r\n"),
        );
      });
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString();
        if (text.includes("\r\n\r\n") && text.includes("}")) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on("error", reject);
      setTimeout(() => reject(new Error(`no answer: ${text}`)), 5_000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain("Ficheiro demasiado grande (máximo 10 MB)");
  });
});
