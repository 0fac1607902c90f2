import { useQuery } from "@tanstack/react-query";
import { getSettingsQueryOptions } from "@/lib/user-settings";

export { getSettingsQueryOptions, SETTINGS_QUERY_KEY } from "@/lib/user-settings";

export function useSettings() {
  return useQuery(getSettingsQueryOptions());
}
