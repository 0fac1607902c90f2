import type { SettingsResponse } from "@common/schemas/settings";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";

export const SETTINGS_QUERY_KEY = ["/api/settings"] as const;

export function getSettingsQueryOptions() {
  return queryOptions({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: () => apiRequest<SettingsResponse>("GET", "/api/settings"),
  });
}

export function useSettings() {
  return useQuery(getSettingsQueryOptions());
}
