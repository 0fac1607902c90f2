import { queryOptions, useQuery } from "@tanstack/react-query";
import { getSettingsQueryOptions } from "@/lib/user-settings";

/** Settings → Global's "Intervalo de verificação padrão", in seconds: where a new monitor starts */
export function useDefaultInterval() {
  return useQuery(
    queryOptions({
      ...getSettingsQueryOptions(),
      select: (settings) => settings?.global?.defaultCheckInterval,
      staleTime: 60_000,
    }),
  );
}
