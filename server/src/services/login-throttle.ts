const MAX_FAILURES = 10;
const WINDOW_MS = 15 * 60 * 1000;

/**
 * Failed logins per username (the per-IP limit is @fastify/rate-limit's): after 10 failures in
 * 15 minutes the username is refused until the window passes, whoever asks.
 */
export function createLoginThrottle(now = () => Date.now()) {
  const failures = new Map<string, number[]>();
  const recent = (username: string) => {
    const cutoff = now() - WINDOW_MS;
    const list = (failures.get(username.toLowerCase()) ?? []).filter((t) => t > cutoff);
    failures.set(username.toLowerCase(), list);
    return list;
  };
  return {
    isBlocked: (username: string) => recent(username).length >= MAX_FAILURES,
    recordFailure: (username: string) => {
      recent(username).push(now());
      if (failures.size > 10_000) failures.delete(failures.keys().next().value as string);
    },
    reset: (username: string) => failures.delete(username.toLowerCase()),
  };
}
