import { defaultWebhookFor } from "@common/schemas/settings";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getSettingsQueryOptions } from "@/lib/user-settings";

/**
 * The webhook a new monitor starts with: the user's own default (Settings → Utilizador), else the
 * installation's (Settings → Global); none without either.
 */
export function getDefaultWebhookQueryOptions() {
  return queryOptions({
    ...getSettingsQueryOptions(),
    select: (settings) => (settings ? defaultWebhookFor(settings) : ""),
    staleTime: 60_000,
  });
}

export function useDefaultWebhook() {
  return useQuery(getDefaultWebhookQueryOptions());
}
