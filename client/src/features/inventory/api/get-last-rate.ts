import type { LastRate } from "@common/schemas/inventory";
import { apiRequest } from "@/lib/http";

/** the rate the user typed last for a purchase currency, to pre-fill the item dialog's */
export function getLastRate(currency: string): Promise<LastRate> {
  return apiRequest<LastRate>("GET", `/api/inventory/last-rate?${new URLSearchParams({ currency })}`);
}
