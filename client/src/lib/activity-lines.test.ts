import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  alertOutcomeText,
  countActivityLines,
  groupActivityLines,
  type LineEntry,
  lineEntries,
  lineMessage,
  lineText,
  lineProduct,
} from "./activity-lines";
import { i18n } from "./i18n";

beforeEach(() => i18n.changeLanguage("pt"));
afterEach(() => i18n.changeLanguage("pt"));

let nextId = 1;
function entry(action: string, minute: number, product: number | null, name?: string): LineEntry {
  return {
    id: nextId++,
    action,
    code: "legacy",
    params: {},
    type: action.endsWith("failed") ? "error" : "success",
    message: `${action} ${minute}`,
    createdAt: new Date(Date.UTC(2026, 10, 23, 14, minute)).toISOString(),
    productId: product,
    productName: name ?? (product === null ? null : `Produto ${product}`),
  };
}
/** newest first, as the API answers */
const newestFirst = (list: LineEntry[]) =>
  [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);

describe("groupActivityLines", () => {
  it("joins the alerts a check caused to that check's line, one line per event", () => {
    const check = entry("stock_check", 0, 1);
    const discord = entry("notification_sent", 0, 1);
    const mail = entry("notification_sent", 1, 1);
    const other = entry("stock_check", 2, 2);
    const lines = groupActivityLines(newestFirst([check, discord, mail, other]));
    expect(lines.map((l) => l.entry.id)).toEqual([other.id, check.id]);
    expect(lines[1].alerts.map((a) => a.id)).toEqual([discord.id, mail.id]);
    expect(lineEntries(lines[1]).map((e) => e.id)).toEqual([check.id, discord.id, mail.id]);
  });

  it("joins an alert only to the latest earlier check of the same product, within the hour", () => {
    const old = entry("stock_check", 0, 1);
    const recent = entry("stock_check", 5, 1);
    const alert = entry("notification_sent", 6, 1);
    const otherProduct = entry("notification_failed", 7, 2);
    const lines = groupActivityLines(newestFirst([old, recent, alert, otherProduct]));
    expect(lines.map((l) => [l.entry.id, l.alerts.map((a) => a.id)])).toEqual([
      [otherProduct.id, []],
      [recent.id, [alert.id]],
      [old.id, []],
    ]);

    const stale = entry("stock_check", 0, 3);
    const late = { ...entry("notification_sent", 0, 3), createdAt: "2026-11-23T15:01:00.000Z" };
    expect(groupActivityLines(newestFirst([stale, late])).map((l) => l.alerts.length)).toEqual([0, 0]);
  });

  it("keeps joining a deleted product's entries by the name they kept", () => {
    const check = entry("stock_check", 0, null, "Boné");
    const alert = entry("notification_sent", 1, null, "Boné");
    const system = entry("notification_sent", 2, null);
    const lines = groupActivityLines(newestFirst([check, alert, system]));
    expect(lines.map((l) => [l.entry.id, l.alerts.length])).toEqual([
      [system.id, 0],
      [check.id, 1],
    ]);
  });
});

describe("alertOutcomeText", () => {
  it("says what happened to the alerts of a line", () => {
    const sent = entry("notification_sent", 0, 1);
    const failed = entry("notification_failed", 0, 1);
    expect(alertOutcomeText([])).toBeNull();
    expect(alertOutcomeText([sent])).toEqual({ text: "Alerta enviado", failed: false });
    expect(alertOutcomeText([sent, sent])).toEqual({ text: "Alerta enviado (2 destinos)", failed: false });
    expect(alertOutcomeText([failed])).toEqual({ text: "Falha ao enviar alerta", failed: true });
    expect(alertOutcomeText([sent, failed])).toEqual({
      text: "Alerta enviado a 1 de 2 destinos",
      failed: true,
    });
    // a newer alert replaced it before it went out: not a failure
    const superseded = entry("notification_superseded", 0, 1);
    expect(alertOutcomeText([superseded])).toEqual({
      text: "Alerta substituído por um mais recente",
      failed: false,
    });
    expect(alertOutcomeText([sent, superseded])).toEqual({ text: "Alerta enviado", failed: false });
  });

  it("is written in the user's language", async () => {
    await i18n.changeLanguage("en");
    const sent = entry("notification_sent", 0, 1);
    const failed = entry("notification_failed", 0, 1);
    expect(alertOutcomeText([sent])?.text).toBe("Alert sent");
    expect(alertOutcomeText([sent, sent, sent])?.text).toBe("Alert sent (3 destinations)");
    expect(alertOutcomeText([failed, failed])?.text).toBe("Failed to send alert (2 destinations)");
    expect(alertOutcomeText([sent, failed, failed])?.text).toBe("Alert sent to 1 of 3 destinations");
    await i18n.changeLanguage("es");
    expect(alertOutcomeText([failed])?.text).toBe("Fallo al enviar la alerta");
  });
});

describe("lineText", () => {
  const check = {
    action: "stock_check",
    code: "check_status" as const,
    params: { status: "in_stock", sizes: ["M"] },
  };

  it("puts the title before the sentence written from the code", async () => {
    expect(lineText({ ...check, message: "Em Stock · tamanhos: M" })).toBe(
      "Verificação de stock: Em Stock · tamanhos: M",
    );
    expect(lineProduct({ productName: null })).toBe("Sistema");
    await i18n.changeLanguage("en");
    expect(lineText({ ...check, message: "Em Stock · tamanhos: M" })).toBe(
      "Stock check: In stock · sizes: M",
    );
    expect(lineProduct({ productName: null })).toBe("System");
  });

  it("shows a legacy line as it was stored, without repeating its title", () => {
    const legacy = { action: "stock_check_failed", code: "legacy" as const, params: {} };
    expect(lineText({ ...legacy, message: "Falha na verificação: algo novo" })).toBe(
      "Falha na verificação: algo novo",
    );
    expect(lineMessage({ ...legacy, message: "Falha na verificação: algo novo" })).toBe("algo novo");
    expect(lineText({ action: "something_new", code: "legacy", params: {}, message: "x" })).toBe(
      "something_new: x",
    );
  });
});

describe("countActivityLines", () => {
  it("counts events as History lists them: an alert to 3 channels is one line with its check", () => {
    const entries = newestFirst([
      entry("stock_check", 10, 7),
      entry("notification_sent", 11, 7),
      entry("notification_sent", 11, 7),
      entry("notification_failed", 12, 7),
      entry("product_added", 5, 7),
    ]);
    expect(entries).toHaveLength(5);
    expect(countActivityLines(entries)).toBe(2);
    expect(countActivityLines(entries)).toBe(groupActivityLines(entries).length);
  });
});
