import type { ActivityDto } from "@common/schemas/activity";
import { describe, expect, it } from "vitest";
import { createFormatter } from "@common/format";
import { groupActivityLines } from "@/lib/activity-lines";
import { i18n } from "@/lib/i18n";
import {
  activityQuery,
  countActivity,
  filterActivity,
  type HistoryLine,
  historyCsv,
  historyFileName,
  productLabel,
  DAY_ERROR,
  maskDay,
  parseDay,
  RANGE_ERROR,
  rangeError,
} from "./history";

const lisbon = createFormatter();
const newYork = createFormatter({ timezone: "America/New_York" });

const entry = (over: Partial<ActivityDto>): ActivityDto => ({
  id: 1,
  userId: 1,
  username: null,
  productId: null,
  productName: null,
  action: "product_added",
  code: "legacy",
  params: {},
  message: "mensagem",
  type: "success",
  createdAt: "2026-03-05T10:00:00.000Z",
  ...over,
});

const entries = [
  entry({ id: 1, action: "stock_check", type: "info", productName: "Casaco", message: "Em stock" }),
  entry({ id: 2, action: "stock_check_failed", type: "error", productName: "Casaco", message: "bloqueado" }),
  entry({
    id: 3,
    action: "notification_sent",
    type: "success",
    productName: "Ténis",
    message: "Alerta enviado",
  }),
  entry({ id: 4, action: "product_deleted", type: "info", message: 'Produto "Velho" removido' }),
];

describe("history helpers", () => {
  it("names entries without a product 'Sistema'", () => {
    expect(productLabel(entries[3])).toBe("Sistema");
    expect(productLabel(entries[0])).toBe("Casaco");
  });

  it("filters lines by the History types and searches message, product and title", () => {
    const lines = groupActivityLines(entries);
    const ids = (list: HistoryLine[]) => list.map((l) => l.entry.id);
    expect(ids(filterActivity(lines, "stock_check", ""))).toEqual([1, 2]);
    expect(ids(filterActivity(lines, "notification", ""))).toEqual([3]);
    expect(ids(filterActivity(lines, "error", ""))).toEqual([2]);
    expect(ids(filterActivity(lines, "system", ""))).toEqual([4]);
    expect(ids(filterActivity(lines, "all", "ténis"))).toEqual([3]);
    expect(ids(filterActivity(lines, "all", "falha na verificação"))).toEqual([2]);
    expect(ids(filterActivity(lines, "all", "sistema"))).toEqual([4]);
  });

  it("lets a check with its alert match the notification and error filters through the alert", () => {
    const check = entry({
      id: 10,
      action: "stock_check",
      type: "success",
      productId: 7,
      productName: "Boné",
    });
    const failed = entry({
      id: 11,
      action: "notification_failed",
      type: "error",
      productId: 7,
      productName: "Boné",
      message: "Falha ao enviar alerta (HTTP 404)",
      createdAt: "2026-03-05T10:01:00.000Z",
    });
    const lines = groupActivityLines([failed, check]);
    expect(lines).toHaveLength(1);
    expect(filterActivity(lines, "notification", "")).toHaveLength(1);
    expect(filterActivity(lines, "error", "http 404")).toHaveLength(1);
    expect(countActivity(lines, lisbon, new Date("2026-03-05T18:00:00.000Z"))).toEqual({
      total: 1,
      today: 1,
      notifications: 1,
      errors: 1,
    });
  });

  it("counts total, today, notifications and errors", () => {
    const now = new Date("2026-03-05T18:00:00.000Z");
    const withOld = [...entries, entry({ id: 5, createdAt: "2026-03-01T10:00:00.000Z" })];
    expect(countActivity(groupActivityLines(withOld), lisbon, now)).toEqual({
      total: 5,
      today: 4,
      notifications: 1,
      errors: 1,
    });
    // 00:30 UTC on the 6th is still the 5th in New York
    const nightInNewYork = new Date("2026-03-06T00:30:00.000Z");
    expect(countActivity(groupActivityLines(withOld), lisbon, nightInNewYork).today).toBe(0);
    expect(countActivity(groupActivityLines(withOld), newYork, nightInNewYork).today).toBe(4);
  });

  it("turns the product and the days into the API's query, whole days on the user's clock", () => {
    const lisbonZone = "Europe/Lisbon";
    expect(activityQuery({ product: "", from: "", to: "" }, lisbonZone)).toEqual({});
    expect(activityQuery({ product: "Boné", from: "10/03/2026", to: "11/03/2026" }, lisbonZone)).toEqual({
      product: "Boné",
      from: "2026-03-10T00:00:00.000Z",
      to: "2026-03-12T00:00:00.000Z",
    });
    // New York's days, whatever zone the browser is in; the last day ends as summer time begins
    expect(activityQuery({ product: "", from: "07/03/2026", to: "08/03/2026" }, "America/New_York")).toEqual({
      from: "2026-03-07T05:00:00.000Z",
      to: "2026-03-09T04:00:00.000Z",
    });
    // Lisbon's summer day starts at 23:00 UTC the day before
    expect(activityQuery({ product: "", from: "15/07/2026", to: "" }, lisbonZone)).toEqual({
      from: "2026-07-14T23:00:00.000Z",
    });
    // a day still being typed is not sent
    expect(activityQuery({ product: "", from: "10/03/20", to: "" }, lisbonZone)).toEqual({});
    // a backwards range or an impossible day is not sent; the form says why
    expect(rangeError({ product: "", from: "12/03/2026", to: "10/03/2026" })).toBe(RANGE_ERROR);
    expect(activityQuery({ product: "", from: "12/03/2026", to: "10/03/2026" }, "Europe/Lisbon")).toEqual({});
    expect(rangeError({ product: "", from: "31/02/2026", to: "" })).toBe(DAY_ERROR);
    expect(rangeError({ product: "", from: "10/03/2026", to: "10/03/2026" })).toBeNull();
  });

  it("writes typed digits as dd/mm/aaaa and reads only whole days", () => {
    expect(maskDay("2")).toBe("2");
    expect(maskDay("2311")).toBe("23/11");
    expect(maskDay("23112026")).toBe("23/11/2026");
    expect(maskDay("23/11/2026 9")).toBe("23/11/2026");
    expect(parseDay("23/11/2026")).toEqual(new Date(2026, 10, 23));
    expect(parseDay("2026-11-23")).toBeNull();
    expect(parseDay("30/02/2026")).toBeNull();
  });

  it("exports the CSV columns of the product guide with titles and Portuguese types", () => {
    const lines = historyCsv(entries, lisbon)
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Data;Produto;Ação;Mensagem;Tipo");
    expect(lines[2]).toBe("05/03/2026 10:00:00;Casaco;Falha na verificação;bloqueado;Erro");
    expect(historyCsv(entries, newYork)).toContain("05/03/2026 05:00:00;Casaco");
    expect(lines[4]).toContain(';Sistema;Produto removido;"Produto ""Velho"" removido";Informação');
    expect(historyFileName(lisbon, new Date("2026-03-05T12:00:00Z"))).toBe("historico_05-03-2026.csv");
    expect(historyFileName(newYork, new Date("2026-03-06T02:00:00Z"))).toBe("historico_05-03-2026.csv");
  });

  it("exports and searches the lines in the reader's language, written from their codes", async () => {
    const coded = [
      entry({
        id: 20,
        action: "notification_sent",
        code: "alert_sent",
        params: { alert: "restock", sizes: ["M"] },
        productName: "Ténis",
        message: "Alerta enviado: Ténis: em stock (M)",
      }),
      entry({
        id: 21,
        action: "stock_check_failed",
        code: "check_failed",
        params: { reason: "not_found", httpStatus: 404 },
        type: "error",
        productName: "Ténis",
        message: "Falha na verificação: não encontrado (Produto não encontrado (HTTP 404))",
      }),
    ];
    await i18n.changeLanguage("en");
    try {
      const en = createFormatter({ language: "en" });
      const csv = historyCsv(coded, en);
      expect(csv).toContain(";Ténis;Notification sent;back in stock (M);Success");
      expect(csv).toContain(";Ténis;Check failed;not found (HTTP 404);Error");
      expect(csv).not.toMatch(/Alerta enviado|Produto não encontrado/);
      // the alert joins the check's line: the line is found through the alert's words in English
      const lines = groupActivityLines(coded);
      expect(filterActivity(lines, "all", "back in stock", en).map((l) => l.entry.id)).toEqual([21]);
      expect(filterActivity(lines, "all", "em stock", en)).toEqual([]);
    } finally {
      await i18n.changeLanguage("pt");
    }
  });
});
