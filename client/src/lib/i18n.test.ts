import { afterAll, describe, expect, it } from "vitest";
import { i18n, translateMessage } from "./i18n";

describe("translateMessage: server and schema messages by their pt-PT text", () => {
  afterAll(() => i18n.changeLanguage("pt"));

  it.each([
    ["en", "Não autenticado", "Not signed in"],
    ["en", "Demasiadas tentativas. Tente novamente mais tarde.", "Too many attempts. Try again later."],
    ["en", "Webhook: O URL tem de começar por https://", "Webhook: The URL must start with https://"],
    ["es", "Nome de utilizador já existe", "El nombre de usuario ya existe"],
    ["es", "Intervalo mínimo é 1 segundo", "El intervalo mínimo es de 1 segundo"],
  ])("%s: %s", async (language, pt, translated) => {
    await i18n.changeLanguage(language);
    expect(translateMessage(pt)).toBe(translated);
  });

  it("pt-PT and messages without an entry show as they came", async () => {
    await i18n.changeLanguage("en");
    expect(translateMessage("Limite de monitores atingido (3/2)")).toBe("Limite de monitores atingido (3/2)");
    await i18n.changeLanguage("pt");
    expect(translateMessage("Não autenticado")).toBe("Não autenticado");
  });
});

describe("plurals follow Portugal's rules, not Brazil's", () => {
  it("0 and 1,5 take the plural in pt-PT; only 1 the singular", async () => {
    await i18n.changeLanguage("pt");
    expect(i18n.t("status:charts.sales", { count: 1 })).toBe("1 venda");
    expect(i18n.t("sales:yearSummary.salesCount", { count: 0 })).toBe("0 vendas");
    expect(i18n.t("inventory:card.units", { count: 0 })).toBe("0 unidades");
    expect(i18n.t("common:booksImport.count.valid", { count: 0 })).toBe("0 linhas válidas");
    expect(i18n.t("common:time.hoursAgo", { count: 1.5 })).toBe("há 1.5 horas");
  });
});
