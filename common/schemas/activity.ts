import { z } from "../zod-pt.js";

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

export const activityQuerySchema = z.object({
  type: z.enum(ACTIVITY_FILTERS, { error: "Filtro inválido" }).optional().default("all"),
  limit: z.coerce.number().int().min(1).max(500).optional().default(500),
});

export interface ActivityDto {
  id: number;
  userId: number | null;
  /** present for admins, who see everyone's history */
  username: string | null;
  productId: number | null;
  /** kept after the product is deleted; null for system entries */
  productName: string | null;
  action: string;
  message: string;
  type: string;
  createdAt: string;
}

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
