import { useCallback, useSyncExternalStore } from "react";

/** the mobile layout is used at 768 px or less */
export const MOBILE_MAX_WIDTH = 768;
/** below this width the sidebar leaves too little room for a wide table (8 columns at 800 px) */
export const WIDE_TABLE_MIN_WIDTH = 1024;

function useMediaQuery(query: string): boolean {
  // one subscription per query: a new function at every render would make React subscribe again
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia(query);
      media.addEventListener("change", onChange);
      window.addEventListener("resize", onChange);
      return () => {
        media.removeEventListener("change", onChange);
        window.removeEventListener("resize", onChange);
      };
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`);
}

/** wide enough, beside the sidebar, for a table of many columns */
export function useFitsWideTable(): boolean {
  return useMediaQuery(`(min-width: ${WIDE_TABLE_MIN_WIDTH}px)`);
}
