import { QueryClient } from "@tanstack/react-query";

/** The first element of a query key is the URL it reads (e.g. ["/api/products"]). */

/**
 * Every api file has one shape: a request function, its queryOptions, and a hook that takes a
 * `queryConfig` to override any option but the key and the request (e.g. `{ enabled: false }`).
 */
export type QueryConfig<T extends (...args: never[]) => unknown> = Omit<
  ReturnType<T>,
  "queryKey" | "queryFn"
>;

/** no retries, no refetch on focus, no polling unless a query asks for it */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
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
