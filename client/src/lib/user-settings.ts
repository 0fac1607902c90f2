import { createFormatter, type Formatter } from "@common/format";
import type { SettingsResponse } from "@common/schemas/settings";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useLayoutEffect } from "react";
import { apiRequest } from "@/lib/http";
import { applyLanguage } from "@/lib/i18n";

/** Settings as the server keeps them; the Utilizador group shapes how every screen writes figures. */
export const SETTINGS_QUERY_KEY = ["/api/settings"] as const;

export function getSettingsQueryOptions() {
  return queryOptions({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: () => apiRequest<SettingsResponse>("GET", "/api/settings"),
  });
}

/**
 * The settings read once per session (a save puts the new ones in the cache, so every screen
 * follows at once); `ready` is false until the first answer or failure.
 */
export function useUserPreferencesReady(): boolean {
  const { isPending } = useQuery({ ...getSettingsQueryOptions(), staleTime: Number.POSITIVE_INFINITY });
  return !isPending;
}

/** the user's formatter: language, time zone and books currency from their settings (pt/Lisbon/EUR until read) */
export function useFormat(): Formatter {
  const { data } = useQuery({
    ...getSettingsQueryOptions(),
    staleTime: Number.POSITIVE_INFINITY,
    select: (settings) => settings.user,
  });
  return createFormatter(data ?? {});
}

/** every screen in the user's language, switched before the next paint when they save another */
export function useUserLanguage() {
  const { data: language } = useQuery({
    ...getSettingsQueryOptions(),
    staleTime: Number.POSITIVE_INFINITY,
    select: (settings) => settings.user.language,
  });
  useLayoutEffect(() => {
    if (language) void applyLanguage(language);
  }, [language]);
}
