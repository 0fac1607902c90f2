import { centsToDecimal, convertMoney, MAX_MONEY_CENTS, parseMoney, toCents } from "@common/money.js";
import { canonicalPlatform } from "@common/sale-platforms.js";
import {
  type BooksImportField,
  type BooksImportKind,
  IMPORT_FIELDS,
  type ImportValues,
  MAX_IMPORT_ROWS,
  REQUIRED_IMPORT_FIELDS,
} from "@common/schemas/books-import.js";
import {
  AMOUNT_REQUIRED,
  INVALID_CURRENCY,
  INVALID_RATE,
  purchaseCurrencySchema,
  purchaseRateSchema,
  quantitySchema,
  RATE_REQUIRED,
} from "@common/schemas/inventory.js";
import { userSettingsSchema } from "@common/schemas/settings.js";
import { CsvError, parse as parseCsv } from "csv-parse/sync";
import { badRequest } from "../http-error.js";

/**
 * Reading a books CSV, no database: the separator, the header (pt, en and es names, the
 * app's own export headers), and each row's values checked as the item and sale forms check them.
 * What it finds goes to `services/books-import.ts`, which looks for duplicates and writes.
 */

export interface FieldError {
  path: string;
  message: string;
}

export interface ReadRow {
  line: number;
  label: string;
  errors: FieldError[];
  values: ImportValues | null;
}

/**
 * A quantity or purchase currency that cannot be read refuses the whole file (400, by line), not
 * only its row: those columns change what every amount of the row means (units × cost, an amount in
 * dollars), so a file with one wrong is not imported in part
 */
export const BAD_UNITS_OR_CURRENCY = "Quantidade ou moeda de compra inválida no ficheiro: nada foi importado";
/**
 * A sales row's "Custo" (and "Portes") is what its units cost together; the item sold keeps each
 * unit's, and a total that is not the same number of cents for every unit cannot be kept exactly
 */
export const COST_NOT_SPLIT =
  "O custo não se divide pelas unidades ao cêntimo: indique um custo múltiplo da quantidade";
/** lines named in that answer at most */
const MAX_LINES_NAMED = 50;

export interface ReadFile {
  delimiter: string;
  columns: string[];
  mapping: Partial<Record<BooksImportField, string | null>>;
  rows: ReadRow[];
}

/** a header as compared: lower case, no accents, no "(EUR)" of our export, single spaces */
export function headerKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\([^)]*\)/g, " ")
    .replace(/[_\-.:*]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** the names each field goes by (already as `headerKey` writes them), most specific first */
const ALIASES: Record<BooksImportField, string[]> = {
  name: [
    "nome",
    "name",
    "nombre",
    "artigo",
    "item",
    "produto",
    "product",
    "producto",
    "articulo",
    "titulo",
    "title",
  ],
  price: [
    "preco",
    "price",
    "precio",
    "preco de compra",
    "purchase price",
    "precio de compra",
    "custo",
    "cost",
    "coste",
  ],
  shippingPrice: [
    "portes",
    "shipping",
    "envio",
    "portes de envio",
    "shipping price",
    "shipping cost",
    "gastos de envio",
    "coste de envio",
  ],
  purchaseDate: ["data de compra", "purchase date", "fecha de compra", "comprado em", "bought on"],
  purchaseLocation: [
    "local de compra",
    "purchase location",
    "lugar de compra",
    "loja",
    "store",
    "shop",
    "tienda",
  ],
  sku: ["sku", "referencia", "reference", "ref"],
  size: ["tamanho", "size", "talla"],
  status: ["estado", "status"],
  notes: ["notas", "notes", "observacoes", "observaciones", "nota", "note"],
  itemName: [
    "item",
    "artigo",
    "nome",
    "name",
    "nombre",
    "produto",
    "product",
    "producto",
    "articulo",
    "titulo",
    "title",
  ],
  salePrice: [
    "preco de venda",
    "sale price",
    "precio de venta",
    "valor de venda",
    "preco",
    "price",
    "precio",
    "valor",
    "total",
  ],
  saleDate: [
    "data da venda",
    "data de venda",
    "sale date",
    "fecha de venta",
    "data",
    "date",
    "fecha",
    "vendido em",
    "sold on",
  ],
  platform: ["plataforma", "platform", "marketplace"],
  fees: ["taxas", "fees", "comissoes", "comissao", "comisiones", "comision", "tarifas", "fee"],
  buyer: ["comprador", "buyer", "cliente", "customer"],
  itemCost: ["custo", "cost", "coste", "preco de compra", "purchase price", "precio de compra"],
  quantity: ["quantidade", "quantity", "cantidad", "unidades", "units", "qtd", "qty", "uds"],
  purchaseCurrency: [
    "moeda de compra",
    "purchase currency",
    "moneda de compra",
    "moeda",
    "currency",
    "moneda",
  ],
  purchaseAmount: [
    "valor na moeda de compra",
    "amount in purchase currency",
    "importe en moneda de compra",
    "valor pago",
    "amount paid",
    "importe pagado",
  ],
  purchaseRate: ["taxa de cambio", "exchange rate", "tipo de cambio", "cambio", "rate"],
  saleCurrency: [
    "moeda",
    "currency",
    "moneda",
    "moeda da venda",
    "sale currency",
    "moneda de venta",
    "moneda de la venta",
  ],
};

/** the first line's separator: the one of `;`, `,` and tab found most often outside quotes */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [";", 0],
    [",", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ";";
  for (const [sep, count] of counts) if (count > (counts.get(best) ?? 0)) best = sep;
  return best;
}

const CSV_REASONS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: "Aspas por fechar",
  CSV_INVALID_CLOSING_QUOTE: "Aspas mal fechadas",
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: "Aspas mal fechadas",
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: "Número de colunas diferente do cabeçalho",
};

export const MALFORMED_CSV = "O ficheiro CSV está mal formado";

/** the rows of the file as text cells with the line each starts on; a broken file is a 400 */
function records(content: string, delimiter: string): { cells: string[]; line: number }[] {
  // the line where the last whole record ended: a broken one starts after it
  let readUpTo = 0;
  try {
    const parsed = parseCsv(content, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      on_record: (record, context) => {
        readUpTo = context.lines;
        return record;
      },
    }) as unknown as { record: string[]; info: { lines: number; empty_lines: number } }[];
    // the parser says where a record ends; a person looks for where it starts
    let end = 0;
    let empty = 0;
    const found: { cells: string[]; line: number }[] = [];
    for (const { record, info } of parsed) {
      const line = end + 1 + (info.empty_lines - empty);
      end = info.lines;
      empty = info.empty_lines;
      if (record.some((cell) => cell.trim() !== "")) found.push({ cells: record, line });
    }
    return found;
  } catch (error) {
    if (error instanceof CsvError) {
      // an unclosed quote is found only at the end of the file: the line named is where its row began
      throw badRequest(MALFORMED_CSV, [
        { path: String(readUpTo + 1), message: CSV_REASONS[error.code] ?? "Não se consegue ler" },
      ]);
    }
    throw error;
  }
}

/** the header column each field reads, by alias (a column fills one field) or as the user chose */
function mapColumns(
  kind: BooksImportKind,
  columns: string[],
  chosen: Partial<Record<BooksImportField, string | null>> | undefined,
): Partial<Record<BooksImportField, string | null>> {
  const keys = columns.map(headerKey);
  const taken = new Set<number>();
  const mapping: Partial<Record<BooksImportField, string | null>> = {};
  const fields = IMPORT_FIELDS[kind];
  // what the user chose first, so the guesses do not take those columns
  for (const field of fields) {
    const choice = chosen?.[field];
    if (choice === undefined) continue;
    if (choice === null) {
      mapping[field] = null;
      continue;
    }
    const index = columns.indexOf(choice);
    if (index < 0) throw badRequest("Coluna inexistente no ficheiro", [{ path: field, message: choice }]);
    mapping[field] = choice;
    taken.add(index);
  }
  // then by name: every field's exact names before any looser one
  const maxAliases = Math.max(...fields.map((f) => ALIASES[f].length));
  for (let rank = 0; rank < maxAliases; rank++) {
    for (const field of fields) {
      if (field in mapping) continue;
      const alias = ALIASES[field][rank];
      if (alias === undefined) continue;
      const index = keys.findIndex((k, i) => k === alias && !taken.has(i));
      if (index >= 0) {
        mapping[field] = columns[index];
        taken.add(index);
      }
    }
  }
  for (const field of fields) if (!(field in mapping)) mapping[field] = null;
  return mapping;
}

/** "dd/MM/yyyy", "d-M-yyyy", "dd.MM.yyyy" or "yyyy-MM-dd", with an optional time after → yyyy-MM-dd */
export function readDay(text: string): string | null {
  const t = text.trim();
  let y: number;
  let m: number;
  let d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[T ])/.exec(t);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:$|[ ,T])/.exec(t);
    if (!match) return null;
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  if (y < 1900 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  if (d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** the statuses as our export writes them (pt) and in en and es */
const STATUS_WORDS: Record<string, string> = {
  "em stock": "in_stock",
  "in stock": "in_stock",
  "en stock": "in_stock",
  in_stock: "in_stock",
  stock: "in_stock",
  disponivel: "in_stock",
  available: "in_stock",
  pendente: "pending",
  pending: "pending",
  pendiente: "pending",
  "em transito": "transit",
  "in transit": "transit",
  "en transito": "transit",
  transit: "transit",
  vendido: "sold",
  sold: "sold",
};

/** the currency signs a spreadsheet may write instead of the code */
const CURRENCY_SYMBOLS: Record<string, string> = { "€": "EUR", "£": "GBP", $: "USD", US$: "USD", "¥": "JPY" };

/** the currencies a sale can be recorded in: the books currencies */
const SALE_CURRENCIES: readonly string[] = userSettingsSchema.shape.currency.options;
export const INVALID_SALE_CURRENCY = `Moeda inválida (use ${SALE_CURRENCIES.join(", ")})`;

/** a sales row's "Moeda": an ISO code in any case or a sign ("US$", "$", "£", "€"); null if not one */
function readSaleCurrency(text: string): string | null {
  const code = (CURRENCY_SYMBOLS[text.replace(/\s+/g, "")] ?? text).toUpperCase();
  return SALE_CURRENCIES.includes(code) ? code : null;
}

/** the apostrophe our export puts before a cell a spreadsheet would run as a formula */
const unguard = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

const LIMITS: Partial<Record<BooksImportField, number>> = {
  name: 200,
  itemName: 200,
  sku: 100,
  size: 50,
  purchaseLocation: 200,
  notes: 2000,
  platform: 100,
  buyer: 200,
};

const REQUIRED_MESSAGES: Partial<Record<BooksImportField, string>> = {
  name: "Nome obrigatório",
  itemName: "Nome obrigatório",
  price: "Preço obrigatório",
  salePrice: "Preço de venda obrigatório",
  saleDate: "Data da venda obrigatória",
};

/** one row's cells → its values, or its errors (in Portuguese, by field) */
function readRow(
  kind: BooksImportKind,
  cell: (field: BooksImportField) => string,
  booksCurrency: string,
): Omit<ReadRow, "line"> & { fatal: string[] } {
  const errors: FieldError[] = [];
  const fatal: string[] = [];
  const text = (field: BooksImportField, required = true): string | null => {
    const value = cell(field);
    if (value === "") {
      const message = REQUIRED_MESSAGES[field];
      if (required && message && REQUIRED_IMPORT_FIELDS[kind].includes(field))
        errors.push({ path: field, message });
      return null;
    }
    const max = LIMITS[field];
    if (max && value.length > max) {
      errors.push({ path: field, message: `Máximo ${max} caracteres` });
      return null;
    }
    return value;
  };
  const amount = (field: BooksImportField, required = true): string | null => {
    const value = text(field, required);
    if (value === null) return null;
    const parsed = parseMoney(value);
    if (parsed === null) errors.push({ path: field, message: "Valor inválido" });
    else if (parsed.startsWith("-")) errors.push({ path: field, message: "O valor não pode ser negativo" });
    else return parsed;
    return null;
  };
  const day = (field: BooksImportField): string | null => {
    const value = text(field);
    if (value === null) return null;
    const parsed = readDay(value);
    if (parsed === null)
      errors.push({ path: field, message: "Data inválida (use dd/mm/aaaa ou aaaa-mm-dd)" });
    return parsed;
  };

  let values: ImportValues;
  if (kind === "inventory") {
    const statusText = text("status");
    let status: string | null = "in_stock";
    if (statusText !== null) {
      status = STATUS_WORDS[headerKey(statusText)] ?? null;
      if (status === null) errors.push({ path: "status", message: "Estado inválido" });
      else if (status === "sold") {
        errors.push({
          path: "status",
          message: "Artigo vendido: importe-o em Vendas, com a data e o preço da venda",
        });
      }
    }
    const quantity = units();
    const currencyText = text("purchaseCurrency");
    const currency = purchaseCurrencySchema.safeParse(
      currencyText === null ? null : (CURRENCY_SYMBOLS[currencyText] ?? currencyText),
    );
    if (!currency.success) fatal.push(INVALID_CURRENCY);
    // a spreadsheet's "Moeda: €" on a row with no amount or rate of its own is the books' currency
    const inBooksCurrency =
      currency.success &&
      currency.data === booksCurrency &&
      cell("purchaseAmount") === "" &&
      cell("purchaseRate") === "";
    const purchase =
      currency.success && currency.data && !inBooksCurrency ? readPurchase(currency.data) : null;
    // in another currency the price is amount × rate, whatever the price column says
    const typedPrice = amount("price", purchase === null);
    values = {
      name: text("name") ?? "",
      price: purchase ? purchase.price : typedPrice,
      shippingPrice: amount("shippingPrice") ?? "0.00",
      purchaseDate: day("purchaseDate"),
      purchaseLocation: text("purchaseLocation"),
      sku: text("sku"),
      size: text("size"),
      status,
      notes: text("notes"),
      salePrice: null,
      saleDate: null,
      platform: null,
      fees: null,
      buyer: null,
      quantity,
      purchaseCurrency: purchase?.currency ?? null,
      purchaseAmount: purchase?.amount ?? null,
      purchaseRate: purchase?.rate ?? null,
      saleCurrency: null,
    };
  } else {
    const platform = text("platform");
    const quantity = units();
    const currencyText = text("saleCurrency");
    const saleCurrency = currencyText === null ? null : readSaleCurrency(currencyText);
    if (currencyText !== null && saleCurrency === null)
      errors.push({ path: "saleCurrency", message: INVALID_SALE_CURRENCY });
    // the file's cost is what the row's units cost (our export's "Custo" is unit cost × units); the
    // item keeps each unit's, so a cost that does not split into equal cents is that row's error
    values = {
      name: text("itemName") ?? "",
      price: perUnit("itemCost", amount("itemCost"), quantity),
      shippingPrice: perUnit("shippingPrice", amount("shippingPrice"), quantity) ?? "0.00",
      purchaseDate: day("purchaseDate"),
      purchaseLocation: null,
      sku: text("sku"),
      size: text("size"),
      status: "sold",
      notes: null,
      salePrice: amount("salePrice"),
      saleDate: day("saleDate"),
      platform: platform === null ? null : canonicalPlatform(platform),
      fees: amount("fees") ?? "0.00",
      buyer: text("buyer"),
      quantity,
      purchaseCurrency: null,
      purchaseAmount: null,
      purchaseRate: null,
      saleCurrency,
    };
  }
  return {
    label: values.name,
    errors,
    values: errors.length > 0 || fatal.length > 0 ? null : values,
    fatal,
  };

  /** the row's units, one when the column is absent or empty; one that cannot be read refuses the file */
  function units(): number {
    const quantityText = text("quantity");
    if (quantityText === null) return 1;
    // "2,5" is a pt-PT spreadsheet's two and a half: not whole units, rather than not a number
    const read = quantitySchema.safeParse(quantityText.replace(",", "."));
    if (read.success) return read.data;
    fatal.push(read.error.issues[0]?.message ?? "Quantidade inválida");
    return 1;
  }

  /** a total for `count` units → each unit's, exact to the cent, or that row's error */
  function perUnit(field: BooksImportField, total: string | null, count: number): string | null {
    if (total === null || count === 1) return total;
    const cents = toCents(total);
    if (cents % BigInt(count) === 0n) return centsToDecimal(cents / BigInt(count));
    errors.push({ path: field, message: COST_NOT_SPLIT });
    return null;
  }

  /** a currency's amount and rate, as the item form requires them, and the books' price they make */
  function readPurchase(code: string) {
    const paid = amount("purchaseAmount", false);
    if (paid === null && cell("purchaseAmount") === "")
      errors.push({ path: "purchaseAmount", message: AMOUNT_REQUIRED });
    const rateText = cell("purchaseRate");
    const rate = purchaseRateSchema.safeParse(rateText);
    if (rateText === "") errors.push({ path: "purchaseRate", message: RATE_REQUIRED });
    else if (!rate.success || rate.data === null)
      errors.push({ path: "purchaseRate", message: INVALID_RATE });
    if (paid === null || !rate.success || rate.data === null) return null;
    const price = convertMoney(paid, rate.data);
    if (toCents(price) > MAX_MONEY_CENTS) {
      errors.push({ path: "purchaseAmount", message: "O valor convertido é demasiado alto" });
      return null;
    }
    return { currency: code, amount: paid, rate: rate.data, price };
  }
}

/** the file's header and rows, each read or with its errors; a file that cannot be read is a 400 */
export function readBooksCsv(
  kind: BooksImportKind,
  content: string,
  chosen?: Partial<Record<BooksImportField, string | null>>,
  booksCurrency = "EUR",
): ReadFile {
  // one kind of line end: csv-parse counts a CRLF inside a quoted cell as two lines
  const text = content.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const delimiter = detectDelimiter(text);
  const all = records(text, delimiter);
  if (all.length === 0) throw badRequest("O ficheiro está vazio");
  const columns = all[0].cells.map((c) => c.trim());
  const mapping = mapColumns(kind, columns, chosen);
  const missing = REQUIRED_IMPORT_FIELDS[kind].filter((f) => !mapping[f]);
  const body = all.slice(1);
  if (body.length > MAX_IMPORT_ROWS) {
    throw badRequest(`Demasiadas linhas num ficheiro (máximo ${MAX_IMPORT_ROWS})`);
  }
  const index = new Map<BooksImportField, number>();
  for (const [field, column] of Object.entries(mapping)) {
    if (column) index.set(field as BooksImportField, columns.indexOf(column));
  }
  const rows = body.map(({ cells, line }) => {
    if (missing.length > 0) {
      return {
        line,
        label: "",
        values: null,
        errors: missing.map((f) => ({ path: f, message: "Coluna obrigatória em falta no ficheiro" })),
      };
    }
    const cell = (field: BooksImportField) => {
      const i = index.get(field);
      return i === undefined ? "" : unguard(cells[i] ?? "").trim();
    };
    return { line, ...readRow(kind, cell, booksCurrency) };
  });
  const refused = rows.flatMap((row) =>
    "fatal" in row ? row.fatal.map((message) => ({ path: String(row.line), message })) : [],
  );
  if (refused.length > 0) throw badRequest(BAD_UNITS_OR_CURRENCY, refused.slice(0, MAX_LINES_NAMED));
  return {
    delimiter,
    columns,
    mapping,
    rows: rows.map((row) => ({ line: row.line, label: row.label, errors: row.errors, values: row.values })),
  };
}
