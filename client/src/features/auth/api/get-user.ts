import type { PublicUser } from "@common/schemas/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/query-client";

export const USER_QUERY_KEY = ["/api/user"] as const;

/** SPEC §7: 401 means "nobody logged in" (null), and the user stays fresh for 5 minutes */
export function getUserQueryOptions() {
  return queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: getQueryFn<PublicUser>({ on401: "returnNull" }),
    staleTime: 5 * 60 * 1000,
  });
}

export function useUser() {
  return useQuery(getUserQueryOptions());
}
