import { useCallback, useState } from "react";

function read<T extends string>(key: string, choices: readonly T[], fallback: T): T {
  try {
    const stored = localStorage.getItem(key);
    return choices.includes(stored as T) ? (stored as T) : fallback;
  } catch {
    return fallback; // storage refused (private mode): the choice lasts for this page only
  }
}

/** one of a few choices (a list's view, its sort), remembered in localStorage under `key` */
export function useStoredChoice<T extends string>(
  key: string,
  choices: readonly T[],
  fallback: T,
): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => read(key, choices, fallback));
  const choose = useCallback(
    (next: T) => {
      setValue(next);
      try {
        localStorage.setItem(key, next);
      } catch {
        // kept in memory only
      }
    },
    [key],
  );
  return [value, choose];
}
