import type { ActivityParams } from "@common/activity.js";
import { productStatusLabel } from "@common/status.js";
import { asc } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { activityLogs } from "../src/db/schema.js";
import { FAILURE_LABELS } from "../src/engine/detect.js";
import { type AlertPayload, alertSummary } from "../src/engine/notify/alert.js";
import { SUPERSEDED_REASON } from "../src/engine/notify/order.js";
import { dbKinds } from "./harness.js";
import { installationBefore } from "./migration-support.js";

const alert = (kind: AlertPayload["kind"], over: Partial<AlertPayload> = {}): AlertPayload => ({
  kind,
  productId: 1,
  productName: "Hoodie",
  productUrl: "https://nudeproject.com/products/hoodie",
  platform: "nudeproject",
  status: "in_stock",
  sizes: [],
  newSizes: [],
  at: "2026-11-23T14:30:00.000Z",
  ...over,
});
/** the pt-PT summary the notifier wrote */
const summary = (kind: AlertPayload["kind"], over: Partial<AlertPayload> = {}) =>
  alertSummary(alert(kind, over));
const failedCheck = (reason: keyof typeof FAILURE_LABELS, detail: string) =>
  `Falha na verificação: ${FAILURE_LABELS[reason]} (${detail})`;

/**
 * Lines as the writers before codes made them (their templates: services/products.ts, engine/detect.ts,
 * search-detect.ts, apply-reading.ts, notify/outbox-store.ts, notify/order.ts), and what 0120 reads
 * back from each: [action, product name, message, code, params].
 */
const OLD_LINES: [string, string | null, string, string, ActivityParams][] = [
  [
    "product_added",
    'Hoodie "Nude"',
    'Produto "Hoodie "Nude"" adicionado à monitorização',
    "product_added",
    { product: 'Hoodie "Nude"' },
  ],
  [
    "product_deleted",
    "Boné",
    'Produto "Boné" removido da monitorização',
    "product_removed",
    { product: "Boné" },
  ],
  [
    "stock_check",
    "Hoodie",
    `${productStatusLabel("in_stock")} · tamanhos: S, M, L`,
    "check_status",
    { status: "in_stock", sizes: ["S", "M", "L"] },
  ],
  ["stock_check", "Hoodie", "Fora de Stock", "check_status", { status: "out_of_stock" }],
  [
    "stock_check",
    "Hoodie",
    "Stock Baixo · tamanhos: 42 · via browser",
    "check_status",
    { status: "low_stock", sizes: ["42"], viaBrowser: true },
  ],
  [
    "stock_check",
    "Hoodie",
    "Desconhecido · via browser",
    "check_status",
    { status: "unknown", viaBrowser: true },
  ],
  [
    "stock_check",
    "Membro",
    "Ativo · 12 artigo(s) · 3 novo(s)",
    "check_profile",
    { status: "vinted_active", items: 12, newItems: 3 },
  ],
  ["stock_check", "Membro", "Férias · 0 artigo(s)", "check_profile", { status: "vinted_vacation", items: 0 }],
  [
    "stock_check",
    "Pesquisa Nike",
    "Pesquisa · 40 artigo(s) · 2 novo(s) · 1 correspondem às regras",
    "check_search",
    { items: 40, newItems: 2, matches: 1 },
  ],
  ["stock_check", "Pesquisa Nike", "Pesquisa · 40 artigo(s)", "check_search", { items: 40 }],
  [
    "stock_check_failed",
    "Hoodie",
    failedCheck("not_found", "Produto não encontrado (HTTP 404)"),
    "check_failed",
    { reason: "not_found", httpStatus: 404 },
  ],
  [
    "stock_check_failed",
    "Hoodie",
    failedCheck("blocked", "Bloqueado pela Pop Mart (HTTP 403)"),
    "check_failed",
    { reason: "blocked", httpStatus: 403 },
  ],
  [
    "stock_check_failed",
    "Hoodie",
    failedCheck("blocked", "Página de verificação anti-bot (DataDome)"),
    "check_failed",
    { reason: "blocked", wall: "DataDome" },
  ],
  [
    "stock_check_failed",
    "Hoodie",
    failedCheck("timeout", "Tempo esgotado à espera do site"),
    "check_failed",
    { reason: "timeout" },
  ],
  [
    "stock_check_failed",
    "Hoodie",
    failedCheck("network", "Erro de rede: ECONNREFUSED"),
    "check_failed",
    { reason: "network", detail: "ECONNREFUSED" },
  ],
  [
    "stock_check_failed",
    "Hoodie",
    failedCheck("unexpected", "a cor pedida não está na resposta (v1=123)"),
    "check_failed",
    { reason: "unexpected", detail: "a cor pedida não está na resposta (v1=123)" },
  ],
  ["stock_check_failed", "Hoodie", "Produto pausado: a página já não existe", "check_paused_gone", {}],
  [
    "notification_sent",
    "Hoodie",
    `Alerta enviado: ${summary("restock", { newSizes: ["M", "L"] })}`,
    "alert_sent",
    { alert: "restock", sizes: ["M", "L"] },
  ],
  [
    "notification_sent",
    "Hoodie",
    `Alerta enviado: ${summary("new_sizes", { newSizes: ["XL"] })}`,
    "alert_sent",
    { alert: "new_sizes", sizes: ["XL"] },
  ],
  [
    "notification_sent",
    "Hoodie",
    `Alerta enviado: ${summary("sold_out")}`,
    "alert_sent",
    { alert: "sold_out" },
  ],
  [
    "notification_sent",
    "Hoodie",
    `Alerta enviado: ${summary("vinted_new_items", { items: [{ id: "1" }, { id: "2" }, { id: "3" }] as never, part: { index: 1, count: 2 } })}`,
    "alert_sent",
    { alert: "vinted_new_items", items: 3, part: 1, parts: 2 },
  ],
  [
    "notification_sent",
    "Hoodie",
    `Alerta enviado: ${summary("price_drop", { previousPrice: "1234.5", price: "99.9", currency: "EUR" })}`,
    "alert_sent",
    { alert: "price_drop", previousPrice: "1234.50", price: "99.90", currency: "EUR" },
  ],
  [
    "notification_sent",
    "Hoodie",
    `Alerta enviado: ${summary("check_failing", { error: "bloqueado (Cloudflare)", since: "2026-11-23T14:05:00.000Z" })}`,
    "alert_sent",
    { alert: "check_failing", since: "14:05", reason: "blocked", wall: "Cloudflare" },
  ],
  [
    "notification_sent",
    "Hoodie",
    `Alerta enviado: ${summary("check_recovered", { since: "2026-11-23T14:05:00.000Z" })}`,
    "alert_sent",
    { alert: "check_recovered", since: "14:05" },
  ],
  [
    "notification_sent",
    "Membro",
    `Alerta enviado: ${alertSummary(alert("vinted_holiday_on", { productName: "Membro" }))}`,
    "alert_sent",
    { alert: "vinted_holiday_on" },
  ],
  [
    "notification_sent",
    "Hoodie",
    `Alerta enviado: ${summary("paused_not_found")}`,
    "alert_sent",
    { alert: "paused_not_found" },
  ],
  [
    "notification_sent",
    null,
    `Alerta enviado: ${summary("weekly_report", { report: { from: "2026-11-16", to: "2026-11-22" } as never })}`,
    "alert_sent",
    { alert: "weekly_report", from: "16/11/2026", to: "22/11/2026" },
  ],
  [
    "notification_failed",
    "Hoodie",
    `Falha ao enviar alerta (HTTP 404): ${summary("restock")}`,
    "alert_failed",
    { alert: "restock", failure: "http", httpStatus: 404 },
  ],
  [
    "notification_failed",
    "Hoodie",
    `Falha ao enviar alerta (Erro de rede: ECONNRESET após 8 tentativas): ${summary("sold_out")}`,
    "alert_failed",
    { alert: "sold_out", failure: "network", detail: "ECONNRESET", attempts: 8 },
  ],
  [
    "notification_failed",
    "Hoodie",
    `Falha ao enviar alerta (sem webhook): ${summary("new_sizes", { newSizes: ["XL"] })}`,
    "alert_failed",
    { alert: "new_sizes", sizes: ["XL"], failure: "no_destination" },
  ],
  [
    "notification_failed",
    "Hoodie",
    `Falha ao enviar alerta (Pedido recusado: endereço privado): ${summary("sold_out")}`,
    "alert_failed",
    { alert: "sold_out", failure: "refused_address", detail: "endereço privado" },
  ],
  [
    "notification_superseded",
    "Hoodie",
    `Alerta não enviado, ${SUPERSEDED_REASON}: ${summary("sold_out")}`,
    "alert_superseded",
    { alert: "sold_out" },
  ],
  // shapes no writer made: kept as they are
  ["stock_check", "Hoodie", "Verificação manual feita", "legacy", {}],
  ["notification_sent", "Hoodie", "Alerta enviado: Outro: em stock", "legacy", {}],
];

const quote = (v: string | null) => (v === null ? "null" : `'${v.replaceAll("'", "''")}'`);

describe.each(dbKinds())("migration 0120 on an existing installation (%s)", (kind) => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });

  it("reads the old Portuguese lines back into codes and parameters; unknown shapes stay legacy", async () => {
    const values = OLD_LINES.map(
      ([action, product, message]) => `(${quote(product)}, ${quote(action)}, ${quote(message)}, 'info')`,
    ).join(",\n");
    const install = await installationBefore(
      kind,
      "0120",
      `insert into activity_logs (product_name, action, message, type) values ${values}`,
    );
    cleanup = install.cleanup;
    const database = await install.open();
    cleanup.push(() => database.close());
    const rows = await database.db.select().from(activityLogs).orderBy(asc(activityLogs.id));
    expect(rows.map((r) => [r.message, r.code, r.params])).toEqual(
      OLD_LINES.map(([, , message, code, params]) => [message, code, params]),
    );
  }, 120_000); // a start of an embedded database on disk
});
