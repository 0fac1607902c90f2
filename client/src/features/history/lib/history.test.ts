import type { ActivityDto } from "@common/schemas/activity";
import { describe, expect, it } from "vitest";
import { countActivity, filterActivity, historyCsv, historyFileName, productLabel } from "./history";

const entry = (over: Partial<ActivityDto>): ActivityDto => ({
  id: 1,
  userId: 1,
  username: null,
  productId: null,
  productName: null,
  action: "product_added",
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

  it("filters by the History types and searches message, product and title", () => {
    const ids = (list: ActivityDto[]) => list.map((e) => e.id);
    expect(ids(filterActivity(entries, "stock_check", ""))).toEqual([1, 2]);
    expect(ids(filterActivity(entries, "notification", ""))).toEqual([3]);
    expect(ids(filterActivity(entries, "error", ""))).toEqual([2]);
    expect(ids(filterActivity(entries, "system", ""))).toEqual([4]);
    expect(ids(filterActivity(entries, "all", "ténis"))).toEqual([3]);
    expect(ids(filterActivity(entries, "all", "falha na verificação"))).toEqual([2]);
    expect(ids(filterActivity(entries, "all", "sistema"))).toEqual([4]);
  });

  it("counts total, today, notifications and errors", () => {
    const now = new Date("2026-03-05T18:00:00.000Z");
    const withOld = [...entries, entry({ id: 5, createdAt: "2026-03-01T10:00:00.000Z" })];
    expect(countActivity(withOld, now)).toEqual({ total: 5, today: 4, notifications: 1, errors: 1 });
  });

  it("exports the CSV columns of SPEC with titles and Portuguese types", () => {
    const lines = historyCsv(entries)
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Data;Produto;Ação;Mensagem;Tipo");
    expect(lines[2]).toMatch(/^05\/03\/2026 \d{2}:00:00;Casaco;Falha na verificação;bloqueado;Erro$/);
    expect(lines[4]).toContain(';Sistema;Produto removido;"Produto ""Velho"" removido";Informação');
    expect(historyFileName(new Date(2026, 2, 5))).toBe("historico_05-03-2026.csv");
  });
});
