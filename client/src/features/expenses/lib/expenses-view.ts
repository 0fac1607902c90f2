import type { Expense } from "@common/schemas/expenses";
import { addMoney } from "@common/money";

/** the expenses whose description, category name or item name holds the search, in any case */
export function searchExpenses(
  expenses: Expense[],
  search: string,
  categoryName: (c: Expense["category"]) => string,
) {
  const needle = search.trim().toLowerCase();
  if (!needle) return expenses;
  return expenses.filter((e) =>
    [e.description, e.itemName, categoryName(e.category)].some((text) =>
      text?.toLowerCase().includes(needle),
    ),
  );
}

/** the total of the expenses shown, and of those in `month` ("2026-11"), exact to the cent */
export function summarizeExpenses(expenses: Expense[], month: string) {
  return {
    total: addMoney(...expenses.map((e) => e.amount)),
    thisMonth: addMoney(...expenses.filter((e) => e.spentOn.startsWith(month)).map((e) => e.amount)),
    count: expenses.length,
  };
}
