import { describe, expect, it } from "vitest";
import { failureParams } from "./failure-params.js";
import { alertFailureParams, alertFailureText } from "./notify/alert-failure.js";
import { alertParams } from "./notify/alert-params.js";

describe("failureParams", () => {
  it("keeps only what the reason does not say: the HTTP status, the wall, the adapter's own words", () => {
    expect(failureParams("not_found", "Produto não encontrado (HTTP 404)")).toEqual({
      reason: "not_found",
      httpStatus: 404,
    });
    expect(failureParams("blocked", "Bloqueado pela Pop Mart (HTTP 403)")).toEqual({
      reason: "blocked",
      httpStatus: 403,
    });
    expect(failureParams("blocked", "Página de verificação anti-bot (DataDome)")).toEqual({
      reason: "blocked",
      wall: "DataDome",
    });
    expect(failureParams("timeout", "Tempo esgotado à espera do site")).toEqual({ reason: "timeout" });
    expect(failureParams("network", "Erro de rede: ECONNREFUSED")).toEqual({
      reason: "network",
      detail: "ECONNREFUSED",
    });
    expect(failureParams("unexpected", "runParams sem skuModule")).toEqual({
      reason: "unexpected",
      detail: "runParams sem skuModule",
    });
    expect(failureParams("unexpected", "x".repeat(400)).detail).toHaveLength(300);
  });
});

describe("an alert's failure", () => {
  it("keeps the pt-PT words it always had, and a code with the language-free detail for the line", () => {
    const gaveUp = { failure: "network" as const, detail: "Erro de rede: ECONNRESET", attempts: 8 };
    expect(alertFailureText(gaveUp)).toBe("Erro de rede: ECONNRESET após 8 tentativas");
    expect(alertFailureParams(gaveUp)).toEqual({ failure: "network", detail: "ECONNRESET", attempts: 8 });
    expect(alertFailureText({ failure: "http", httpStatus: 404 })).toBe("HTTP 404");
    expect(alertFailureText({ failure: "no_destination" })).toBe("sem webhook");
    expect(
      alertFailureParams({ failure: "refused_address", detail: "Pedido recusado: endereço privado" }),
    ).toEqual({ failure: "refused_address", detail: "endereço privado" });
  });

  it("names the alert by its kind and figures", () => {
    const base = {
      productId: 1,
      productName: "Hoodie",
      productUrl: "https://x",
      platform: "nudeproject",
      status: "in_stock",
      sizes: ["S", "M"],
      newSizes: ["M"],
      at: "2026-11-23T14:30:00.000Z",
    };
    expect(alertParams({ ...base, kind: "restock" })).toEqual({ alert: "restock", sizes: ["M"] });
    expect(
      alertParams({
        ...base,
        kind: "check_failing",
        reason: "blocked",
        error: "bloqueado (Cloudflare)",
        since: "2026-11-23T14:05:00.000Z",
      }),
    ).toEqual({
      alert: "check_failing",
      reason: "blocked",
      wall: "Cloudflare",
      since: "2026-11-23T14:05:00.000Z",
    });
    expect(alertParams({ ...base, kind: "price_drop", previousPrice: "120", price: "99.9" })).toEqual({
      alert: "price_drop",
      previousPrice: "120",
      price: "99.9",
      currency: "EUR",
    });
    expect(alertParams(null)).toEqual({});
  });
});
