import type { PublicUser } from "@common/schemas/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";
import { POLL_INTERVAL_MS } from "@/lib/query-client";

export const ADMIN_USERS_QUERY_KEY = ["/api/admin/users"] as const;

export function getAdminUsersQueryOptions() {
  return queryOptions({
    queryKey: ADMIN_USERS_QUERY_KEY,
    queryFn: () => apiRequest<PublicUser[]>("GET", "/api/admin/users"),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useAdminUsers() {
  return useQuery(getAdminUsersQueryOptions());
}
