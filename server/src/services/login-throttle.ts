const MAX_FAILURES_PER_ADDRESS = 10;
/** beyond this many failures on one username from all addresses, its attempts go one at a time */
const SLOW_DOWN_AFTER = 50;
const SLOW_DOWN_MS = 1000;
const WINDOW_MS = 15 * 60 * 1000;
const MAX_KEYS = 10_000;

type Attempt = { refused: true } | { refused: false; succeeded(): void };

/**
 * Failed logins (the per-IP request limit is @fastify/rate-limit's).
 * - Per (username, IP): 10 failures in 15 minutes and that pair is refused until the window passes.
 *   The attempt is counted before the password is hashed, so parallel guesses cannot slip past
 *   the check while scrypt runs; a success takes its count back.
 * - Per username, all addresses together: past 50 failures in 15 minutes every attempt on it
 *   waits its turn, one a second. That slows a distributed guesser without locking the owner
 *   out, which a per-username block would let anyone do to any account, admin included.
 * `username` is the normalized key (usernameKey).
 */
export function createLoginThrottle(
  now = () => Date.now(),
  sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
) {
  const failures = new Map<string, number[]>();
  const queues = new Map<string, Promise<void>>();
  const recent = (key: string) => {
    const cutoff = now() - WINDOW_MS;
    const list = (failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length > 0) failures.set(key, list);
    else failures.delete(key);
    return list;
  };
  const count = (key: string, at: number) => {
    const list = recent(key);
    list.push(at);
    failures.set(key, list);
    if (failures.size > MAX_KEYS) failures.delete(failures.keys().next().value as string);
  };
  const uncount = (key: string, at: number) => {
    const list = failures.get(key);
    const i = list?.indexOf(at) ?? -1;
    if (list && i >= 0) list.splice(i, 1);
  };
  /** attempts on a username past the ceiling run one after another, SLOW_DOWN_MS apart */
  const waitTurn = async (username: string) => {
    const previous = queues.get(username) ?? Promise.resolve();
    const mine = previous.then(() => sleep(SLOW_DOWN_MS));
    queues.set(username, mine);
    await mine;
    if (queues.get(username) === mine) queues.delete(username);
  };
  return {
    /** call before checking the password; counts the attempt as a failure until it succeeds */
    async begin(username: string, ip: string): Promise<Attempt> {
      const pair = `${ip}\u0000${username}`;
      if (recent(pair).length >= MAX_FAILURES_PER_ADDRESS) return { refused: true };
      const at = now();
      count(pair, at);
      if (recent(username).length >= SLOW_DOWN_AFTER) await waitTurn(username);
      count(username, at);
      return {
        refused: false,
        succeeded: () => {
          failures.delete(pair);
          uncount(username, at);
        },
      };
    },
  };
}
