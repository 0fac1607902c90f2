import { type QueryFunction, QueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest } from "./http";

export type UnauthorizedBehavior = "returnNull" | "throw";

/** The first element of a query key is the URL it reads (e.g. ["/api/products"]). */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      return await apiRequest<T>("GET", String(queryKey[0]));
    } catch (error) {
      if (on401 === "returnNull" && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}

/** no retries, no refetch on focus, no polling unless a query asks for it */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: 0,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** lists refresh every 30 seconds */
export const POLL_INTERVAL_MS = 30_000;
