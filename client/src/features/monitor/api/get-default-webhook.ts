import type { SettingsResponse } from "@common/schemas/settings";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";

/** the installation's default webhook prefills a new monitor; without the settings route, none */
export function getDefaultWebhookQueryOptions() {
  return queryOptions({
    queryKey: ["/api/settings"],
    queryFn: () => apiRequest<SettingsResponse>("GET", "/api/settings"),
    select: (settings) => settings?.global?.defaultWebhookUrl ?? "",
    staleTime: 60_000,
  });
}

export function useDefaultWebhook() {
  return useQuery(getDefaultWebhookQueryOptions());
}
