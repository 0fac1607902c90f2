import type { ActivityDto } from "@common/schemas/activity";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "./http";
import { POLL_INTERVAL_MS, type QueryConfig } from "./query-client";

/** History's list and the Monitor's recent activity: the same answer when History has no filter */
export const ACTIVITY_QUERY_KEY = ["/api/activity"] as const;

export const getActivity = (query: Record<string, string> = {}) => {
  const search = new URLSearchParams(query).toString();
  return apiRequest<ActivityDto[]>("GET", search ? `/api/activity?${search}` : "/api/activity");
};

/** the filters go in the key after the URL, so invalidating ["/api/activity"] reaches every list */
export function getActivityQueryOptions(query: Record<string, string> = {}) {
  return queryOptions({
    queryKey: Object.keys(query).length > 0 ? [...ACTIVITY_QUERY_KEY, query] : ACTIVITY_QUERY_KEY,
    queryFn: () => getActivity(query),
    refetchInterval: POLL_INTERVAL_MS,
    placeholderData: keepPreviousData,
  });
}

export function useActivity({
  query,
  queryConfig,
}: {
  query?: Record<string, string>;
  queryConfig?: QueryConfig<typeof getActivityQueryOptions>;
} = {}) {
  return useQuery({ ...getActivityQueryOptions(query), ...queryConfig });
}
