import type { PublicUser } from "@common/schemas/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";
import { POLL_INTERVAL_MS, type QueryConfig } from "@/lib/query-client";

export const ADMIN_USERS_QUERY_KEY = ["/api/admin/users"] as const;

export const getAdminUsers = () => apiRequest<PublicUser[]>("GET", "/api/admin/users");

export function getAdminUsersQueryOptions() {
  return queryOptions({
    queryKey: ADMIN_USERS_QUERY_KEY,
    queryFn: getAdminUsers,
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useAdminUsers({
  queryConfig,
}: {
  queryConfig?: QueryConfig<typeof getAdminUsersQueryOptions>;
} = {}) {
  return useQuery({ ...getAdminUsersQueryOptions(), ...queryConfig });
}
