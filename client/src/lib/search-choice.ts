import { useLocation, useSearch } from "wouter";
import { useStoredChoice } from "@/hooks/use-stored-choice";

/**
 * One of a few choices (a list's order) kept in the URL's `name` parameter, like the books'
 * period, so a reload or a shared link keeps it; the page's other parameters stay. Without the
 * parameter, the device's last choice (`storageKey`) applies; a value not among the choices reads
 * as that too.
 */
export function useSearchChoice<T extends string>(
  name: string,
  choices: readonly T[],
  fallback: T,
  storageKey: string,
): [T, (next: T) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [stored, store] = useStoredChoice(storageKey, choices, fallback);
  const inUrl = new URLSearchParams(search).get(name);
  const value = choices.includes(inUrl as T) ? (inUrl as T) : stored;
  const choose = (next: T) => {
    store(next);
    const params = new URLSearchParams(search);
    params.set(name, next);
    navigate(`${location}?${params}`, { replace: true });
  };
  return [value, choose];
}
