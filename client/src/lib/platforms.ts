import {
  type PlatformInfo,
  PlatformCatalogue,
  type PlatformTexts,
  platformListSchema,
} from "@common/platforms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest } from "@/lib/http";
import type { Language } from "@/lib/i18n";

/**
 * The platform catalogue as the server sends it (GET /api/platforms): each platform's entry comes
 * from its one file on the server, so the browser learns a new platform without a line of its own.
 * It does not change while the server runs: read once per session, before the pages show.
 */
export const getPlatforms = async () => platformListSchema.parse(await apiRequest("GET", "/api/platforms"));

export function getPlatformsQueryOptions() {
  return queryOptions({
    queryKey: ["/api/platforms"],
    queryFn: getPlatforms,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

const EMPTY = new PlatformCatalogue([]);
const built = new WeakMap<PlatformInfo[], PlatformCatalogue>();
const toCatalogue = (list: PlatformInfo[]) => {
  const known = built.get(list);
  if (known) return known;
  const catalogue = new PlatformCatalogue(list);
  built.set(list, catalogue);
  return catalogue;
};

/** the catalogue; empty until read (the pages wait for it: `usePlatformsRead`) */
export function usePlatforms(): PlatformCatalogue {
  const { data } = useQuery({ ...getPlatformsQueryOptions(), select: toCatalogue });
  return data ?? EMPTY;
}

/** the catalogue's read, which the app waits for before it shows a page (and offers again if it fails) */
export function usePlatformsRead() {
  return useQuery(getPlatformsQueryOptions());
}

/** a platform's description and configuration help in the interface's language */
export function usePlatformTexts(key: string): PlatformTexts | undefined {
  const { i18n } = useTranslation();
  const texts = usePlatforms().get(key)?.texts;
  return texts?.[i18n.language as Language] ?? texts?.pt;
}
