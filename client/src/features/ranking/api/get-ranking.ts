import type { Period } from "@common/schemas/period";
import type { RankingEntry, RankingLeftOut, RankingVisibility } from "@common/schemas/ranking";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { USER_QUERY_KEY } from "@/lib/auth";
import { BOOKS_QUERY_KEYS } from "@/lib/books-queries";
import { apiRequest } from "@/lib/http";
import { periodKey, periodQuery } from "@/lib/period";
import { toastFailure } from "@/lib/mutation-feedback";
import { POLL_INTERVAL_MS, type QueryConfig } from "@/lib/query-client";

export const getRanking = (period: Period) =>
  apiRequest<RankingEntry[]>("GET", `/api/ranking${periodQuery(period)}`);

const ALL_TIME: Period = { period: "all" };

export function getRankingQueryOptions(period: Period = ALL_TIME) {
  return queryOptions({
    // under the ranking's key, so whatever refreshes the ranking refreshes every period
    queryKey: periodKey(BOOKS_QUERY_KEYS.ranking, period),
    queryFn: () => getRanking(period),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useRanking({
  period = ALL_TIME,
  queryConfig,
}: {
  period?: Period;
  queryConfig?: QueryConfig<typeof getRankingQueryOptions>;
} = {}) {
  return useQuery({ ...getRankingQueryOptions(period), ...queryConfig });
}

/** the period's sales in another currency than the viewer's, which the ranking did not add */
export function useRankingLeftOut(period: Period = ALL_TIME) {
  return useQuery({
    // under the ranking's key: whatever refreshes the ranking refreshes this count
    queryKey: [...periodKey(BOOKS_QUERY_KEYS.ranking, period), "left-out"],
    queryFn: () => apiRequest<RankingLeftOut>("GET", `/api/ranking/left-out${periodQuery(period)}`),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

/** "Esconder-me do ranking": the user's own line leaves the others' ranking, or comes back */
export function useRankingVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RankingVisibility) =>
      apiRequest<RankingVisibility>("PUT", "/api/ranking/visibility", input),
    onError: toastFailure("common:unknownError"),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: BOOKS_QUERY_KEYS.ranking }),
      ]),
  });
}
