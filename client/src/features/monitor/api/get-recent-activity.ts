import type { ActivityDto } from "@common/schemas/activity";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";
import { POLL_INTERVAL_MS } from "@/lib/query-client";

/** the same list History reads; the Monitor shows its first few entries */
export const ACTIVITY_QUERY_KEY = ["/api/activity"] as const;

export function getRecentActivityQueryOptions() {
  return queryOptions({
    queryKey: ACTIVITY_QUERY_KEY,
    queryFn: () => apiRequest<ActivityDto[]>("GET", "/api/activity"),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useRecentActivity() {
  return useQuery(getRecentActivityQueryOptions());
}
