import { ACTIVITY_CODES, activityParamsSchema } from "../activity.js";
import { z } from "../zod-pt.js";
import { dateInputSchema } from "./dates.js";

/** History's type filter */
export const ACTIVITY_FILTERS = ["all", "stock_check", "notification", "error", "system"] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];

export const ACTIVITY_FILTER_LABELS: Record<ActivityFilter, string> = {
  all: "Todos",
  stock_check: "Verificações",
  notification: "Notificações",
  error: "Erros",
  system: "Sistema",
};

/**
 * GET /api/activity. `product` is a product's name (it outlives the product); `from` and `to` are
 * instants, from ≤ createdAt < to: History sends the start of the first day and of the day after
 * the last, in the user's time zone (Settings → Utilizador).
 */
export const activityQuerySchema = z
  .object({
    type: z.enum(ACTIVITY_FILTERS, { error: "Filtro inválido" }).optional().default("all"),
    limit: z.coerce.number().int().min(1).max(500).optional().default(500),
    product: z.string().trim().min(1).max(300, "Nome de produto demasiado longo").optional(),
    from: dateInputSchema("Data inicial inválida").optional(),
    to: dateInputSchema("Data final inválida").optional(),
  })
  .refine((q) => !q.from || !q.to || q.from < q.to, {
    path: ["to"],
    message: "A data final não pode ser anterior à data inicial",
  });

/** one line of GET /api/activity */
export const activityDtoSchema = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  /** present for admins, who see everyone's history */
  username: z.string().nullable(),
  productId: z.number().nullable(),
  /** kept after the product is deleted; null for system entries */
  productName: z.string().nullable(),
  action: z.string(),
  /** what happened: the screens write it from `code` and `params` in the reader's language */
  code: z.enum(ACTIVITY_CODES),
  params: activityParamsSchema,
  /** the line in pt-PT as stored; shown only for `legacy` lines */
  message: z.string(),
  type: z.string(),
  /** ISO */
  createdAt: z.string(),
});
export type ActivityDto = z.infer<typeof activityDtoSchema>;

/** an entry as the activity lines show it (History, and the Status summary's recent entries) */
export const activityEntrySchema = activityDtoSchema.pick({
  id: true,
  action: true,
  code: true,
  params: true,
  type: true,
  message: true,
  createdAt: true,
  productId: true,
  productName: true,
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET /api/activity/products: the product names History can filter by */
export const activityProductsSchema = z.array(z.string());

/** DELETE /api/activity */
export const clearActivityAnswerSchema = z.object({ message: z.string(), deleted: z.number() });

/** stock_check → stock_check*, notification → notification_*, error → type error, system → the rest */
export function matchesActivityFilter(
  entry: Pick<ActivityDto, "action" | "type">,
  filter: ActivityFilter,
): boolean {
  const isCheck = entry.action.startsWith("stock_check");
  const isNotification = entry.action.startsWith("notification_");
  switch (filter) {
    case "all":
      return true;
    case "stock_check":
      return isCheck;
    case "notification":
      return isNotification;
    case "error":
      return entry.type === "error";
    case "system":
      return !isCheck && !isNotification && entry.type !== "error";
  }
}
