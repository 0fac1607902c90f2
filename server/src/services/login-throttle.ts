import type { Conn } from "../db/client.js";
import { loginFailuresRepository as failures } from "../repositories/login-failures.js";
import { pruneDevices } from "./login-devices.js";

const MAX_FAILURES_PER_ADDRESS = 10;
/** beyond this many failures on one username from all addresses, its attempts go one at a time */
const SLOW_DOWN_AFTER = 50;
const SLOW_DOWN_MS = 1000;
/** at most this many attempts wait their turn on one username; the next are refused at once */
const MAX_WAITING = 10;
const WINDOW_MS = 15 * 60 * 1000;
/** old rows are deleted by the first attempt after this long (per process) */
const PRUNE_EVERY_MS = 60 * 1000;

type Attempt = { refused: true } | { refused: false; succeeded(): Promise<void> };

export interface AttemptOptions {
  /** a device the username's owner logged in from (services/login-devices.ts): no queue */
  knownDevice?: boolean;
}

/**
 * Failed logins (the per-IP request limit is @fastify/rate-limit's). Counted in the database, so
 * every web process on it shares them.
 * - Per (username, IP): 10 failures in 15 minutes and that pair is refused until the window passes.
 *   The attempt is written before the password is hashed and counted after it is written, so
 *   parallel guesses cannot slip past the check while scrypt runs (the n-th attempt written sees
 *   at least n); a success deletes that pair's failures.
 * - Per username, all addresses together: past 50 failures in 15 minutes every attempt on it
 *   waits its turn, one a second. That slows a distributed guesser without locking the owner
 *   out, which a per-username block would let anyone do to any account, admin included. At most
 *   10 attempts wait (10 s); the next are refused at once, not queued, so strangers cannot make
 *   the queue as long as they like, and an attempt from one of the owner's known devices skips it.
 * `username` is the normalized key (usernameKey).
 */
export function createLoginThrottle(
  db: Conn,
  now = () => Date.now(),
  sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
) {
  let prunedAt = Number.NEGATIVE_INFINITY;
  return {
    /** call before checking the password; counts the attempt as a failure until it succeeds */
    async begin(username: string, ip: string, options: AttemptOptions = {}): Promise<Attempt> {
      const at = now();
      if (at - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = at;
        await failures.pruneFailures(db, new Date(at - WINDOW_MS));
        await failures.pruneTurns(db, new Date(at - WINDOW_MS));
        await pruneDevices(db, at);
      }
      const id = await failures.record(db, username, ip, new Date(at));
      const counted = await failures.counts(db, username, ip, new Date(at - WINDOW_MS));
      if (counted.fromAddress > MAX_FAILURES_PER_ADDRESS) {
        // a refused attempt is not a guess: it does not stretch the lock
        await failures.deleteOne(db, id);
        return { refused: true };
      }
      if (counted.total > SLOW_DOWN_AFTER && !options.knownDevice) {
        const turn = await failures.reserveTurn(
          db,
          username,
          new Date(at),
          SLOW_DOWN_MS,
          MAX_WAITING * SLOW_DOWN_MS,
        );
        if (turn === null) {
          await failures.deleteOne(db, id);
          return { refused: true };
        }
        await sleep(turn.getTime() - at);
      }
      return { refused: false, succeeded: () => failures.deleteFromAddress(db, username, ip) };
    },
  };
}
