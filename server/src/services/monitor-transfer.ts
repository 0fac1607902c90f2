import { toCsv } from "@common/csv.js";
import {
  MAX_MONITOR_ROWS,
  MONITOR_CSV_COLUMNS,
  MONITOR_FILE_VERSION,
  type MonitorImportAnswer,
  type MonitorImportRow,
} from "@common/schemas/monitor-transfer.js";
import { parseTextList, type ProductValues, productInputSchema } from "@common/schemas/products.js";
import { parse as parseCsv } from "csv-parse/sync";
import type { Conn, Db } from "../db/client.js";
import type { PlatformCatalogue } from "@common/platforms.js";
import { HttpError, badRequest, notFound } from "../http-error.js";
import { productsRepository, type ShownProduct } from "../repositories/products.js";
import { usersRepository } from "../repositories/users.js";
import { assertSafeProductUrl, countProducts, insertProduct } from "./products.js";
import { getGlobalSettings } from "./settings.js";
import { assertSafeWebhook } from "./webhook-url.js";

type ExportedMonitor = Record<(typeof MONITOR_CSV_COLUMNS)[number], unknown>;

/** a monitor as POST /api/products takes it: what the user chose, nothing the engine learnt */
function exported(p: ShownProduct): ExportedMonitor {
  return {
    name: p.name,
    platform: p.platform,
    url: p.url,
    productId: p.productId,
    monitorType: p.monitorType,
    checkInterval: p.checkInterval,
    isActive: p.isActive,
    webhookUrl: p.webhookUrl,
    imageUrl: p.imageUrl,
    price: p.price,
    variants: parseTextList(p.variants),
    config: p.config,
    rules: p.rules,
    alertChannels: p.alertChannels ?? null,
  };
}

export async function exportMonitors(db: Conn, userId: number) {
  const list = await productsRepository.listShownForUser(db, userId);
  // oldest first: an import recreates them in the order they were added
  return list.reverse().map(exported);
}

export function monitorsJson(monitors: ExportedMonitor[]): string {
  return JSON.stringify(
    { version: MONITOR_FILE_VERSION, exportedAt: new Date().toISOString(), monitors },
    null,
    2,
  );
}

export function monitorsCsv(monitors: ExportedMonitor[]): string {
  const cell = (key: (typeof MONITOR_CSV_COLUMNS)[number], value: unknown) => {
    if (value === null || value === undefined) return "";
    if (key === "variants") return (value as string[]).join("\n");
    if (key === "rules" || key === "alertChannels") return JSON.stringify(value);
    return value as string | number | boolean;
  };
  return toCsv(
    MONITOR_CSV_COLUMNS,
    monitors.map((m) => MONITOR_CSV_COLUMNS.map((key) => cell(key, m[key]))),
  );
}

interface RawRow {
  line: number;
  fields: Record<string, unknown>;
  /** problems found while reading the row, before validation */
  errors: { path: string; message: string }[];
}

function readJsonRows(content: string): RawRow[] {
  let data: unknown;
  try {
    data = JSON.parse(content.replace(/^\uFEFF/, ""));
  } catch {
    throw badRequest("O ficheiro não é JSON válido");
  }
  const list = Array.isArray(data) ? data : (data as { monitors?: unknown } | null)?.monitors;
  if (!Array.isArray(list)) throw badRequest("O ficheiro JSON não tem uma lista «monitors»");
  return list.map((entry, index) =>
    entry !== null && typeof entry === "object" && !Array.isArray(entry)
      ? { line: index + 1, fields: entry as Record<string, unknown>, errors: [] }
      : { line: index + 1, fields: {}, errors: [{ path: "", message: "Cada monitor tem de ser um objeto" }] },
  );
}

/** the apostrophe our own export puts before a cell a spreadsheet would run as a formula */
const unguard = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  false: false,
  sim: true,
  não: false,
  nao: false,
  yes: true,
  no: false,
  "1": true,
  "0": false,
};

function readCsvRows(content: string): RawRow[] {
  let records: string[][];
  try {
    records = parseCsv(content, {
      bom: true,
      // our export writes ';' (pt-PT spreadsheets); a file saved elsewhere may use ','
      delimiter: [";", ",", "\t"],
      relax_column_count: true,
      skip_empty_lines: true,
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw badRequest(`O ficheiro CSV não se lê${line ? ` (linha ${line})` : ""}`);
  }
  if (records.length === 0) throw badRequest("O ficheiro está vazio");
  const header = records[0].map((h) => h.trim());
  const known = new Set<string>(MONITOR_CSV_COLUMNS);
  const missing = ["name", "platform", "url"].filter((c) => !header.includes(c));
  if (missing.length > 0) {
    throw badRequest(`Faltam colunas no cabeçalho: ${missing.join(", ")}`);
  }
  return records.slice(1).map((cells, index) => {
    const row: RawRow = { line: index + 2, fields: {}, errors: [] };
    header.forEach((column, i) => {
      if (!known.has(column)) return;
      const text = unguard(cells[i] ?? "").trim();
      if (text === "") return;
      if (column === "checkInterval") row.fields[column] = text;
      else if (column === "isActive") {
        const value = BOOLEAN_WORDS[text.toLowerCase()];
        if (value === undefined) row.errors.push({ path: column, message: "Ativo deve ser true ou false" });
        else row.fields[column] = value;
      } else if (column === "rules" || column === "alertChannels") {
        try {
          row.fields[column] = JSON.parse(text);
        } catch {
          row.errors.push({ path: column, message: `${column}: JSON inválido` });
        }
      } else row.fields[column] = text;
    });
    return row;
  });
}

/** what makes two monitors the same watch: importing one file twice adds nothing */
function fingerprint(p: {
  platform: string;
  url: string;
  productId: string;
  monitorType: string;
  config: string | null;
  variants: string[];
}): string {
  return JSON.stringify([
    p.platform,
    p.url.trim(),
    p.productId,
    p.monitorType,
    p.config ?? "",
    [...p.variants].sort(),
  ]);
}

interface Checked {
  row: MonitorImportRow;
  values?: ProductValues;
}

async function checkRows(
  rows: RawRow[],
  catalogue: PlatformCatalogue,
  allowPrivateWebhooks: boolean,
): Promise<Checked[]> {
  const schema = productInputSchema(catalogue);
  const webhookProblems = new Map<string, Promise<string | null>>();
  const webhookProblem = (url: string) => {
    let found = webhookProblems.get(url);
    if (!found) {
      found = assertSafeWebhook(url, allowPrivateWebhooks).then(
        () => null,
        (error: unknown) => (error instanceof HttpError ? error.message : "Webhook inválido"),
      );
      webhookProblems.set(url, found);
    }
    return found;
  };
  return Promise.all(
    rows.map(async ({ line, fields, errors }): Promise<Checked> => {
      const name = typeof fields.name === "string" ? fields.name : "";
      const platform = typeof fields.platform === "string" ? fields.platform : "";
      const row: MonitorImportRow = { line, name, platform, outcome: "invalid", errors: [...errors] };
      const parsed = schema.safeParse(fields);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          row.errors.push({ path: issue.path.join("."), message: issue.message });
        }
        return { row };
      }
      try {
        assertSafeProductUrl(parsed.data.url);
      } catch (error) {
        row.errors.push({
          path: "url",
          message: error instanceof HttpError ? error.message : "URL inválido",
        });
      }
      // empty only where the Webhook channel is off (the schema checked it)
      const problem = parsed.data.webhookUrl ? await webhookProblem(parsed.data.webhookUrl) : null;
      if (problem) row.errors.push({ path: "webhookUrl", message: problem });
      if (row.errors.length > 0) return { row };
      return { row: { ...row, outcome: "valid" }, values: parsed.data };
    }),
  );
}

/**
 * Reads a file of monitors, says what each row would become, and on `commit` creates the valid ones
 * in one transaction, within the account's monitor limit (the rows past it are reported, not made).
 */
export async function importMonitors(
  db: Db,
  userId: number,
  request: { format: "json" | "csv"; content: string; commit: boolean },
  options: { catalogue: PlatformCatalogue; allowPrivateWebhooks: boolean },
): Promise<{ answer: MonitorImportAnswer; startedIds: number[] }> {
  const raw = request.format === "json" ? readJsonRows(request.content) : readCsvRows(request.content);
  if (raw.length === 0) throw badRequest("O ficheiro não tem monitores");
  if (raw.length > MAX_MONITOR_ROWS) {
    throw badRequest(`Demasiados monitores num ficheiro (máximo ${MAX_MONITOR_ROWS})`);
  }
  const checked = await checkRows(raw, options.catalogue, options.allowPrivateWebhooks);
  return db.transaction(async (tx) => {
    // locked: a parallel import or add of this user waits, so the room counted here holds
    const owner = await usersRepository.lockById(tx, userId);
    if (!owner) throw notFound("Utilizador não encontrado");
    const { total } = await countProducts(tx, userId);
    const room = Math.max(0, owner.monitorLimit - total);
    const known = new Set(
      (await productsRepository.listShownForUser(tx, userId)).map((p) =>
        fingerprint({ ...p, variants: parseTextList(p.variants) }),
      ),
    );
    let accepted = 0;
    const toCreate: ProductValues[] = [];
    for (const entry of checked) {
      if (!entry.values) continue;
      const key = fingerprint(entry.values);
      if (known.has(key)) {
        entry.row.outcome = "duplicate";
        continue;
      }
      known.add(key);
      if (accepted >= room) {
        entry.row.outcome = "overLimit";
        continue;
      }
      accepted++;
      toCreate.push(entry.values);
    }
    const startedIds: number[] = [];
    if (request.commit && toCreate.length > 0) {
      const autoStart = (await getGlobalSettings(tx)).autoStartNewProducts;
      for (const values of toCreate) {
        const created = await insertProduct(tx, userId, values, autoStart);
        if (created.isActive) startedIds.push(created.id);
      }
    }
    const answer = {
      committed: request.commit,
      created: request.commit ? toCreate.length : 0,
      room,
      rows: checked.map((c) => c.row),
    };
    return { answer, startedIds };
  });
}
