import { describe, expect, it } from "vitest";
import { HttpError } from "../http-error.js";
import {
  BAD_UNITS_OR_CURRENCY,
  COST_NOT_SPLIT,
  detectDelimiter,
  headerKey,
  readBooksCsv,
  readDay,
} from "./books-import-read.js";

describe("reading a books CSV", () => {
  it.each([
    ["Nome;Preço;Portes", ";"],
    ["Name,Price,Shipping", ","],
    ["Nombre\tPrecio", "\t"],
    // a quoted header cell with commas does not make a ';' file a ',' one
    ['"Nome, do artigo";Preço', ";"],
    ["Nome", ";"],
  ])("finds the separator of %j", (header, separator) => {
    expect(detectDelimiter(`${header}\nx`)).toBe(separator);
  });

  it("compares headers without case, accents, currency or punctuation", () => {
    expect(headerKey("Preço de venda (EUR)")).toBe("preco de venda");
    expect(headerKey("  DATA_DE-COMPRA ")).toBe("data de compra");
    expect(headerKey("Envío")).toBe("envio");
  });

  it.each([
    ["03/02/2026", "2026-02-03"],
    ["3/2/2026", "2026-02-03"],
    ["03-02-2026", "2026-02-03"],
    ["03.02.2026", "2026-02-03"],
    ["2026-02-03", "2026-02-03"],
    ["2026-02-03T10:00:00Z", "2026-02-03"],
    ["15/03/2026 14:05", "2026-03-15"],
    ["29/02/2024", "2024-02-29"],
    ["29/02/2026", null],
    ["31/04/2026", null],
    ["13/13/2026", null],
    ["2026/02/03", null],
    ["ontem", null],
    ["01/01/1800", null],
  ])("reads the day %j as %j", (text, day) => {
    expect(readDay(text)).toBe(day);
  });

  it("keeps a ';' file's unquoted decimal commas and a ',' file's quoted ones", () => {
    const semi = readBooksCsv("inventory", "Nome;Preço\nA;12,50\n");
    const comma = readBooksCsv("inventory", 'Name,Price\nA,"12,50"\nB,12.5\n');
    expect(semi.rows[0].values?.price).toBe("12.50");
    expect(comma.rows.map((r) => r.values?.price)).toEqual(["12.50", "12.50"]);
  });

  it("undoes the export's formula guard and skips blank rows, keeping line numbers", () => {
    const file = readBooksCsv("inventory", "Nome;Preço\n'=SOMA(1);1\n;\n\nB;2\n");
    expect(file.rows.map((r) => [r.line, r.values?.name])).toEqual([
      [2, "=SOMA(1)"],
      [5, "B"],
    ]);
  });

  it("reads the columns a sales export writes", () => {
    const file = readBooksCsv(
      "sales",
      "\uFEFFData;Item;SKU;Comprador;Plataforma;Preço de venda (EUR);Taxas (EUR);Custo (EUR);Lucro (EUR)\n" +
        "15/03/2026 10:30;Boné;;Ana;Vinted;20,00;1,00;5,00;14,00\n",
    );
    expect(file.mapping).toMatchObject({
      saleDate: "Data",
      itemName: "Item",
      buyer: "Comprador",
      platform: "Plataforma",
      salePrice: "Preço de venda (EUR)",
      fees: "Taxas (EUR)",
      itemCost: "Custo (EUR)",
    });
    expect(file.rows[0].values).toMatchObject({
      name: "Boné",
      saleDate: "2026-03-15",
      salePrice: "20.00",
      fees: "1.00",
      price: "5.00",
    });
  });

  it("reads a sales row's units, and its cost as what those units cost together", () => {
    const file = readBooksCsv(
      "sales",
      "Data;Item;Quantidade;Moeda;Preço de venda;Taxas;Custo;Portes\n" +
        "15/03/2026;Meias;3;EUR;30,00;1,00;12,00;1,50\n" +
        "16/03/2026;Boné;;EUR;9,00;0;5,00;\n" +
        "17/03/2026;Lote;3;EUR;9,00;0;10,00;\n",
    );
    expect(file.mapping).toMatchObject({ quantity: "Quantidade" });
    // each unit's cost and shipping, as the item keeps them: 12,00 / 3 and 1,50 / 3
    expect(file.rows[0].values).toMatchObject({ quantity: 3, price: "4.00", shippingPrice: "0.50" });
    // an empty cell is one unit, the cost as written
    expect(file.rows[1].values).toMatchObject({ quantity: 1, price: "5.00", shippingPrice: "0.00" });
    // 10,00 does not split into 3 equal cents: that row's error, not a rounded cost
    expect(file.rows[2].values).toBeNull();
    expect(file.rows[2].errors).toEqual([{ path: "itemCost", message: COST_NOT_SPLIT }]);
  });

  it("refuses a whole sales file with a quantity it cannot read, by line", () => {
    try {
      readBooksCsv(
        "sales",
        "Data;Item;Preço de venda;Qtd\n15/03/2026;A;1;2\n15/03/2026;B;1;0\n15/03/2026;C;1;1,5\n",
      );
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).message).toBe(BAD_UNITS_OR_CURRENCY);
      expect((error as HttpError).errors).toEqual([
        { path: "3", message: "A quantidade mínima é 1" },
        { path: "4", message: "A quantidade é um número inteiro de unidades" },
      ]);
    }
  });

  it("refuses a file it cannot read with the line where it stopped", () => {
    try {
      readBooksCsv("inventory", 'Nome;Preço\nA;1\n"B;2\n');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
      expect((error as HttpError).errors).toEqual([{ path: "3", message: "Aspas por fechar" }]);
    }
  });
});
