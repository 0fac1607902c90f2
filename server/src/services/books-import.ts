import { createHash } from "node:crypto";
import type {
  BooksImportAnswer,
  BooksImportField,
  BooksImportKind,
  ImportRow,
  ImportValues,
} from "@common/schemas/books-import.js";
import type { Conn, Db } from "../db/client.js";
import { booksImportRepository } from "../repositories/books-import.js";
import { headerKey, readBooksCsv } from "./books-import-read.js";
import { roomForItems } from "./quotas.js";
import { getUserSettings } from "./settings.js";
import { inventoryItemsRepository } from "../repositories/inventory-items.js";
import { computeProfit, splitLot, TOO_MANY_UNITS } from "./sales.js";

/**
 * CSV import of the books. The file is read (books-import-read.ts), each valid row gets a
 * fingerprint (the hash of its normalised values and of how many equal rows came before it in the
 * file, so two identical pairs bought the same day are two items, and the same file twice adds
 * nothing), and a commit writes every valid row in one transaction: items, or sales with the
 * item each sold (the oldest unsold item of that name, and purchase day when given, with the row's
 * units left, split off it as the sale dialog does; else a new item of those units created as sold).
 */

export const ALREADY_IMPORTED = "Linha já importada";
export const ALREADY_IN_INVENTORY = "Já existe no inventário";
export const ALREADY_IN_SALES = "Já existe nas vendas";
const OVER_QUOTA = "Limite de itens no inventário atingido";

interface Planned {
  row: ImportRow;
  values: ImportValues;
  fingerprint: string;
}

const sameName = (name: string) => headerKey(name);

/** hash of what the row says (not how it was written: "12,5" and "12.50" are one amount) */
function fingerprints(kind: BooksImportKind, rows: { values: ImportValues }[]): string[] {
  const seen = new Map<string, number>();
  return rows.map(({ values }) => {
    const base = JSON.stringify([
      kind,
      sameName(values.name),
      values.price,
      values.shippingPrice,
      values.purchaseDate,
      values.purchaseLocation,
      values.sku,
      values.size,
      values.status,
      values.notes,
      values.salePrice,
      values.saleDate,
      values.platform?.toLowerCase() ?? null,
      values.fees,
      values.buyer,
      // a lot or another currency only: a row of one unit in the books' currency keeps the
      // fingerprint it had before the file had those columns, so it is still "já importada"
      ...(values.quantity !== 1 || values.purchaseCurrency
        ? [values.quantity, values.purchaseCurrency, values.purchaseAmount, values.purchaseRate]
        : []),
    ]);
    const occurrence = seen.get(base) ?? 0;
    seen.set(base, occurrence + 1);
    return createHash("sha256").update(`${base}#${occurrence}`).digest("base64url");
  });
}

/**
 * What makes a row the same as what the books already hold: an item of that name, cost, shipping
 * and purchase day; a sale of an item of that name on that day at that price. As many rows as the
 * books hold such items (or sales) are "already there"; a further equal row is new.
 */
function sameAs(
  kind: BooksImportKind,
  v: {
    name: string;
    price: string | null;
    shippingPrice: string;
    purchaseDate: string | null;
    salePrice: string | null;
    saleDate: string | null;
  },
): string {
  return kind === "sales"
    ? JSON.stringify([sameName(v.name), v.saleDate, v.salePrice])
    : JSON.stringify([sameName(v.name), v.price, v.shippingPrice, v.purchaseDate]);
}

async function booksAlready(tx: Conn, userId: number, kind: BooksImportKind): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const dayOf = (date: Date | null) => date?.toISOString().slice(0, 10) ?? null;
  if (kind === "sales") {
    for (const s of await booksImportRepository.salesForComparison(tx, userId)) {
      add(
        sameAs(kind, {
          name: s.name,
          price: null,
          shippingPrice: "0.00",
          purchaseDate: null,
          salePrice: s.salePrice,
          saleDate: dayOf(s.saleDate),
        }),
      );
    }
  } else {
    for (const i of await booksImportRepository.itemsForComparison(tx, userId)) {
      add(
        sameAs(kind, {
          name: i.name,
          price: i.price,
          shippingPrice: i.shippingPrice,
          purchaseDate: dayOf(i.purchaseDate),
          salePrice: null,
          saleDate: null,
        }),
      );
    }
  }
  return counts;
}

const day = (text: string | null) => (text ? new Date(`${text}T00:00:00.000Z`) : null);

type UnsoldItem = Awaited<ReturnType<typeof booksImportRepository.unsoldItems>>[number];

/** a sale row's item: the unsold one it sells, and whether the row takes only some of its units */
interface Match {
  item: UnsoldItem;
  split: boolean;
}

/**
 * each sale row's item: the oldest unsold one of that name (and purchase day, when the row has it)
 * with the row's units still left, rows taking units in the file's order; `short` are the rows
 * whose item is there but with fewer units than the row sold (no new item is made up for them)
 */
function matchItems(
  planned: Planned[],
  unsold: UnsoldItem[],
): { matched: Map<Planned, Match>; short: Set<Planned> } {
  const byName = new Map<string, { item: UnsoldItem; left: number }[]>();
  for (const item of unsold) {
    const key = sameName(item.name);
    byName.set(key, [...(byName.get(key) ?? []), { item, left: item.quantity }]);
  }
  const matched = new Map<Planned, Match>();
  const short = new Set<Planned>();
  for (const entry of planned) {
    const wanted = entry.values.purchaseDate;
    const units = entry.values.quantity;
    const candidates = (byName.get(sameName(entry.values.name)) ?? []).filter(
      ({ item, left }) => left > 0 && (!wanted || item.purchaseDate?.toISOString().slice(0, 10) === wanted),
    );
    if (candidates.length === 0) continue;
    const found = candidates.find(({ left }) => left >= units);
    if (!found) {
      short.add(entry);
      continue;
    }
    matched.set(entry, { item: found.item, split: units < found.left });
    found.left -= units;
  }
  return { matched, short };
}

/**
 * Reads a books CSV, says what each row would become, and on `commit` writes the valid rows in one
 * transaction (under the user's row lock, so a parallel import cannot pass the items' quota).
 */
export async function importBooks(
  db: Db,
  userId: number,
  request: {
    kind: BooksImportKind;
    content: string;
    mapping?: Partial<Record<BooksImportField, string | null>>;
    commit: boolean;
  },
): Promise<BooksImportAnswer> {
  const { kind } = request;
  const { currency } = await getUserSettings(db, userId);
  const file = readBooksCsv(kind, request.content, request.mapping, currency);
  const rows: ImportRow[] = file.rows.map((r) => ({
    line: r.line,
    outcome: r.values ? "valid" : "invalid",
    label: r.label,
    errors: r.errors,
    values: r.values,
    itemId: null,
  }));
  const readable = rows.filter((r): r is ImportRow & { values: ImportValues } => r.values !== null);
  const prints = fingerprints(kind, readable);
  const planned: Planned[] = readable.map((row, i) => ({ row, values: row.values, fingerprint: prints[i] }));

  const imported = await db.transaction(async (tx) => {
    const room = await roomForItems(tx, userId);
    const known = await booksImportRepository.existingFingerprints(tx, userId, kind, prints);
    const inBooks = await booksAlready(tx, userId, kind);
    const fresh: Planned[] = [];
    for (const entry of planned) {
      const same = sameAs(kind, entry.values);
      const left = inBooks.get(same) ?? 0;
      if (known.has(entry.fingerprint)) {
        entry.row.outcome = "duplicate";
        entry.row.errors.push({ path: "", message: ALREADY_IMPORTED });
        // an imported row is in the books too: it does not leave an equal one for the next row
        if (left > 0) inBooks.set(same, left - 1);
      } else if (left > 0) {
        // the app's own export, imported again into the account it came from
        inBooks.set(same, left - 1);
        entry.row.outcome = "duplicate";
        entry.row.errors.push({
          path: "",
          message: kind === "sales" ? ALREADY_IN_SALES : ALREADY_IN_INVENTORY,
        });
      } else fresh.push(entry);
    }
    const { matched, short } =
      kind === "sales"
        ? matchItems(fresh, await booksImportRepository.unsoldItems(tx, userId, request.commit))
        : { matched: new Map<Planned, Match>(), short: new Set<Planned>() };
    // the rows that would add an item count against the quota, in the file's order
    let added = 0;
    const accepted: Planned[] = [];
    for (const entry of fresh) {
      const match = matched.get(entry);
      if (short.has(entry)) {
        // the sale dialog's refusal, as that row's error: the rest of the file is imported
        entry.row.outcome = "invalid";
        entry.row.values = null;
        entry.row.errors.push({ path: "quantity", message: TOO_MANY_UNITS });
        continue;
      }
      if (match) entry.row.itemId = match.item.id;
      else if (added >= room) {
        entry.row.outcome = "overLimit";
        entry.row.errors.push({ path: "", message: OVER_QUOTA });
        continue;
      } else added++;
      accepted.push(entry);
    }
    if (!request.commit || accepted.length === 0) return 0;
    await write(tx, userId, kind, accepted, matched, currency);
    return accepted.length;
  });

  const count = (outcome: ImportRow["outcome"]) => rows.filter((r) => r.outcome === outcome).length;
  return {
    kind,
    committed: request.commit,
    imported,
    delimiter: file.delimiter,
    columns: file.columns,
    mapping: file.mapping,
    counts: {
      valid: count("valid"),
      invalid: count("invalid"),
      duplicate: count("duplicate"),
      overLimit: count("overLimit"),
    },
    rows,
  };
}

async function write(
  tx: Conn,
  userId: number,
  kind: BooksImportKind,
  accepted: Planned[],
  matched: Map<Planned, Match>,
  booksCurrency: string,
): Promise<void> {
  const now = new Date();
  const newItems = accepted.filter((entry) => !matched.has(entry));
  const itemIds = await booksImportRepository.insertItems(
    tx,
    newItems.map(({ values }) => ({
      userId,
      name: values.name,
      price: values.price ?? "0.00",
      shippingPrice: values.shippingPrice,
      purchaseDate: day(values.purchaseDate),
      purchaseLocation: values.purchaseLocation,
      sku: values.sku,
      size: values.size,
      status: values.status ?? "in_stock",
      notes: values.notes,
      quantity: values.quantity,
      purchaseCurrency: values.purchaseCurrency,
      purchaseAmount: values.purchaseAmount,
      purchaseRate: values.purchaseRate,
    })),
  );
  const itemOf = new Map<Planned, { id: number; price: string; shippingPrice: string }>();
  for (const [i, entry] of newItems.entries()) {
    itemOf.set(entry, {
      id: itemIds[i],
      price: entry.values.price ?? "0.00",
      shippingPrice: entry.values.shippingPrice,
    });
  }
  // in the file's order, so each split sees the units the rows before it left in the lot
  const soldIds: number[] = [];
  for (const entry of accepted) {
    const match = matched.get(entry);
    if (!match) continue;
    let id = match.item.id;
    if (match.split) {
      // locked already (the commit reads the unsold items FOR UPDATE)
      const lot = await inventoryItemsRepository.lockOwn(tx, userId, id);
      if (!lot) throw new Error("import: a matched item is gone");
      id = (await splitLot(tx, lot, entry.values.quantity)).id;
    }
    itemOf.set(entry, { id, price: match.item.price, shippingPrice: match.item.shippingPrice });
    soldIds.push(id);
  }

  if (kind === "inventory") {
    await booksImportRepository.insertFingerprints(
      tx,
      accepted.map((entry) => ({
        userId,
        kind,
        fingerprint: entry.fingerprint,
        inventoryItemId: itemOf.get(entry)?.id,
      })),
    );
    return;
  }
  await booksImportRepository.markSold(tx, soldIds, now);
  const saleRows = accepted.map((entry) => {
    const item = itemOf.get(entry);
    if (!item) throw new Error("import: a sale without its item");
    const { values } = entry;
    const salePrice = values.salePrice ?? "0.00";
    const fees = values.fees ?? "0.00";
    return {
      userId,
      inventoryItemId: item.id,
      salePrice,
      fees,
      buyer: values.buyer,
      platform: values.platform,
      saleDate: day(values.saleDate) ?? now,
      profit: computeProfit(salePrice, item.price, item.shippingPrice, fees, values.quantity),
      // the row's own currency (the sales export writes it); without one, the books currency of the import's day
      currency: values.saleCurrency ?? booksCurrency,
    };
  });
  const saleIds = await booksImportRepository.insertSales(tx, saleRows);
  await booksImportRepository.insertFingerprints(
    tx,
    accepted.map((entry, i) => ({
      userId,
      kind,
      fingerprint: entry.fingerprint,
      inventoryItemId: itemOf.get(entry)?.id,
      saleId: saleIds[i],
    })),
  );
}
