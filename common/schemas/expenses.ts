import { z } from "../zod-pt.js";
import { dayInputSchema } from "./dates.js";
import { photoDataUrlSchema } from "./images.js";
import { amountSchema, optionalText } from "./inventory.js";

/** the closed list of expense categories; "other" takes the description for what it was */
export const EXPENSE_CATEGORIES = [
  "packaging",
  "shipping_supplies",
  "shipping",
  "subscriptions",
  "travel",
  "promotions",
  "other",
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export const expenseCategorySchema = z.enum(EXPENSE_CATEGORIES, { error: "Categoria inválida" });

/** POST /api/expenses. image: a receipt photo (data URL), through the item photos' pipeline */
export const createExpenseSchema = z.object({
  spentOn: dayInputSchema("Data da despesa obrigatória"),
  category: expenseCategorySchema,
  description: optionalText(500),
  amount: amountSchema("Valor obrigatório"),
  inventoryItemId: z.coerce
    .number({ error: "Item inválido" })
    .int("Item inválido")
    .positive("Item inválido")
    .nullish()
    .transform((v) => v ?? null),
  image: photoDataUrlSchema,
});
export type CreateExpenseInput = z.input<typeof createExpenseSchema>;
export type CreateExpense = z.output<typeof createExpenseSchema>;

/** PUT /api/expenses/{id}: a field left out keeps its value; image null or "" removes the receipt */
export const updateExpenseSchema = createExpenseSchema.partial();
export type UpdateExpenseInput = z.input<typeof updateExpenseSchema>;
export type UpdateExpense = z.output<typeof updateExpenseSchema>;

/** the expense dialog: the API's rules over the form's texts (day yyyy-MM-dd, item id or "") */
export const expenseFormSchema = createExpenseSchema.omit({ image: true, inventoryItemId: true }).extend({
  inventoryItemId: z.string(),
});

export const expenseSchema = z.object({
  id: z.number(),
  /** yyyy-MM-dd */
  spentOn: z.string(),
  category: expenseCategorySchema,
  description: z.string().nullable(),
  amount: z.string(),
  inventoryItemId: z.number().nullable(),
  itemName: z.string().nullable(),
  /** URLs of the receipt photo, null without one */
  receipt: z.string().nullable(),
  receiptThumbnail: z.string().nullable(),
  createdAt: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;
export const expensesSchema = z.array(expenseSchema);
