import type { Expense } from "@common/schemas/expenses";
import { describe, expect, it } from "vitest";
import { searchExpenses, summarizeExpenses } from "./expenses-view";

const expense = (
  id: number,
  spentOn: string,
  amount: string,
  description: string | null = null,
): Expense => ({
  id,
  spentOn,
  category: "packaging",
  description,
  amount,
  inventoryItemId: null,
  itemName: null,
  receipt: null,
  receiptThumbnail: null,
  createdAt: "2026-11-01T10:00:00.000Z",
});

describe("expenses view", () => {
  it("sums to the cent and picks the month by its day", () => {
    const list = [
      expense(1, "2026-11-02", "0.10"),
      expense(2, "2026-11-30", "0.20"),
      expense(3, "2026-10-31", "1.00"),
    ];
    expect(summarizeExpenses(list, "2026-11")).toEqual({ total: "1.30", thisMonth: "0.30", count: 3 });
  });

  it("searches the description and the category's name", () => {
    const list = [expense(1, "2026-11-02", "1", "Caixas CTT"), expense(2, "2026-11-02", "1")];
    expect(searchExpenses(list, "ctt", () => "Embalagens").map((e) => e.id)).toEqual([1]);
    expect(searchExpenses(list, "embal", () => "Embalagens").map((e) => e.id)).toEqual([1, 2]);
  });
});
