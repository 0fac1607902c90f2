import type { RankingEntry } from "@common/schemas/ranking";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { BOOKS_QUERY_KEYS } from "@/lib/books-queries";
import { apiRequest } from "@/lib/http";
import { POLL_INTERVAL_MS, type QueryConfig } from "@/lib/query-client";

export const getRanking = () => apiRequest<RankingEntry[]>("GET", "/api/ranking");

export function getRankingQueryOptions() {
  return queryOptions({
    queryKey: BOOKS_QUERY_KEYS.ranking,
    queryFn: getRanking,
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useRanking({
  queryConfig,
}: {
  queryConfig?: QueryConfig<typeof getRankingQueryOptions>;
} = {}) {
  return useQuery({ ...getRankingQueryOptions(), ...queryConfig });
}
