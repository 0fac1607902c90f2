import { ACTIVITY_CODES, type ActivityCode, type ActivityParams } from "@common/activity";
import { createFormatter } from "@common/format";
import { afterEach, describe, expect, it } from "vitest";
import { activityText } from "./activity-text";
import { i18n, translateMessage } from "./i18n";

afterEach(() => i18n.changeLanguage("pt"));

type Case = { code: ActivityCode; params: ActivityParams; message?: string; action?: string };

/** every code, with the parameters its writer stores; the sentence expected in pt, en and es */
const CASES: [string, Case, { pt: string; en: string; es: string }][] = [
  [
    "product added",
    { code: "product_added", params: { product: "Hoodie Nude" } },
    {
      pt: 'Produto "Hoodie Nude" adicionado à monitorização',
      en: 'Product "Hoodie Nude" added to monitoring',
      es: 'Producto "Hoodie Nude" añadido a la monitorización',
    },
  ],
  [
    "product removed",
    { code: "product_removed", params: { product: "Boné" } },
    {
      pt: 'Produto "Boné" removido da monitorização',
      en: 'Product "Boné" removed from monitoring',
      es: 'Producto "Boné" eliminado de la monitorización',
    },
  ],
  [
    "a product read",
    { code: "check_status", params: { status: "in_stock", sizes: ["S", "M"], viaBrowser: true } },
    {
      pt: "Em Stock · tamanhos: S, M · via browser",
      en: "In stock · sizes: S, M · via browser",
      es: "En stock · tallas: S, M · vía navegador",
    },
  ],
  [
    "a member read",
    { code: "check_profile", params: { status: "vinted_active", items: 3, newItems: 1 } },
    {
      pt: "Ativo · 3 artigo(s) · 1 novo(s)",
      en: "Active · 3 items · 1 new",
      es: "Activo · 3 artículos · 1 nuevo",
    },
  ],
  [
    "a search read",
    { code: "check_search", params: { items: 40, newItems: 2, matches: 1 } },
    {
      pt: "Pesquisa · 40 artigo(s) · 2 novo(s) · 1 corresponde às regras",
      en: "Search · 40 items · 2 new · 1 matches the rules",
      es: "Búsqueda · 40 artículos · 2 nuevos · 1 cumple las reglas",
    },
  ],
  [
    "a failed check with its HTTP status",
    { code: "check_failed", params: { reason: "not_found", httpStatus: 404 } },
    { pt: "não encontrado (HTTP 404)", en: "not found (HTTP 404)", es: "no encontrado (HTTP 404)" },
  ],
  [
    "a failed check with the adapter's words kept",
    { code: "check_failed", params: { reason: "unexpected", detail: "runParams sem skuModule" } },
    {
      pt: "formato inesperado (runParams sem skuModule)",
      en: "unexpected format (runParams sem skuModule)",
      es: "formato inesperado (runParams sem skuModule)",
    },
  ],
  [
    "a monitor paused because its page is gone",
    { code: "check_paused_gone", params: {} },
    {
      pt: "Produto pausado: a página já não existe",
      en: "Product paused: the page no longer exists",
      es: "Producto en pausa: la página ya no existe",
    },
  ],
  [
    "an alert sent",
    { code: "alert_sent", params: { alert: "restock", sizes: ["M", "L"] } },
    { pt: "em stock (M, L)", en: "back in stock (M, L)", es: "en stock (M, L)" },
  ],
  [
    "an alert that failed for good",
    {
      code: "alert_failed",
      params: { alert: "sold_out", failure: "http", httpStatus: 404, attempts: 8 },
    },
    {
      pt: "esgotado (resposta HTTP 404, após 8 tentativas)",
      en: "sold out (HTTP answer 404, after 8 attempts)",
      es: "agotado (respuesta HTTP 404, tras 8 intentos)",
    },
  ],
  [
    "an alert a newer one replaced",
    { code: "alert_superseded", params: { alert: "vinted_new_items", items: 3, part: 1, parts: 2 } },
    {
      pt: "3 artigos novos (parte 1 de 2)",
      en: "3 new items (part 1 of 2)",
      es: "3 artículos nuevos (parte 1 de 2)",
    },
  ],
  [
    "a legacy line",
    {
      code: "legacy",
      action: "stock_check",
      params: {},
      message: "Verificação de stock: linha antiga",
    },
    { pt: "linha antiga", en: "linha antiga", es: "linha antiga" },
  ],
];

describe("activityText", () => {
  it("has a case for every code", () => {
    expect(new Set(CASES.map(([, c]) => c.code))).toEqual(new Set(ACTIVITY_CODES));
  });

  for (const language of ["pt", "en", "es"] as const) {
    for (const [name, c, expected] of CASES) {
      it(`${language}: ${name}`, async () => {
        await i18n.changeLanguage(language);
        const f = createFormatter({ language });
        const entry = { action: c.action ?? "x", message: c.message ?? "", code: c.code, params: c.params };
        expect(activityText(entry, f)).toBe(expected[language]);
      });
    }
  }

  it("writes every alert kind in the reader's language, amounts and times in the user's format", async () => {
    const f = createFormatter({ language: "en", timezone: "Europe/Lisbon" });
    await i18n.changeLanguage("en");
    const alert = (params: ActivityParams) =>
      activityText({ action: "notification_sent", message: "", code: "alert_sent", params }, f);
    expect(alert({ alert: "new_sizes", sizes: ["XL"] })).toBe("new sizes available (XL)");
    expect(alert({ alert: "price_drop", previousPrice: "120", price: "99.9", currency: "EUR" })).toBe(
      "price dropped: €120.00 → €99.90",
    );
    expect(
      alert({
        alert: "check_failing",
        reason: "blocked",
        wall: "Cloudflare",
        since: "2026-11-23T14:05:00.000Z",
      }),
    ).toBe("could not check since 14:05: blocked (Cloudflare)");
    expect(alert({ alert: "check_recovered", since: "14:05" })).toBe(
      "checking again (no reading since 14:05)",
    );
    expect(alert({ alert: "weekly_report", from: "2026-11-16", to: "2026-11-22" })).toBe(
      "weekly report from 16/11/2026 to 22/11/2026",
    );
    expect(alert({ alert: "vinted_holiday_on" })).toBe("member went on holiday");
    expect(alert({ alert: "vinted_holiday_off" })).toBe("member is back from holiday");
    expect(alert({ alert: "paused_not_found" })).toBe("product paused, the page no longer exists");
    expect(alert({ alert: "search_restock", items: 1 })).toBe("1 new item");
    await i18n.changeLanguage("es");
    const es = createFormatter({ language: "es" });
    expect(
      activityText(
        {
          action: "notification_failed",
          message: "",
          code: "alert_failed",
          params: { alert: "restock", failure: "refused_address", detail: "endereço privado" },
        },
        es,
      ),
    ).toBe("en stock (dirección rechazada: endereço privado)");
    expect(
      activityText(
        {
          action: "stock_check_failed",
          message: "",
          code: "check_failed",
          params: { reason: "blocked", wall: "DataDome" },
        },
        es,
      ),
    ).toBe("bloqueado (DataDome)");
  });
});

describe("translateMessage", () => {
  it("translates a known text and keeps the wall named after it", async () => {
    await i18n.changeLanguage("en");
    expect(translateMessage("bloqueado")).toBe("blocked");
    expect(translateMessage("bloqueado (Cloudflare)")).toBe("blocked (Cloudflare)");
    expect(translateMessage("algo desconhecido (Akamai)")).toBe("algo desconhecido (Akamai)");
    await i18n.changeLanguage("pt");
    expect(translateMessage("bloqueado (Cloudflare)")).toBe("bloqueado (Cloudflare)");
  });
});
