import type { ServerResponse } from "node:http";

/**
 * Live updates for the open pages of each user (GET /api/events, server-sent events).
 *
 * The database announces every visible change of a product on the channel product_status with its
 * owner (migration 0019); the change feed hands each payload here, and this hub writes to that
 * user's streams only:
 *   event: changed  data: {"scope":"all"}     status, sizes, an error, an edit: reload the lists
 *   event: changed  data: {"scope":"checks"}  only check times moved: reload the products
 *   event: restock  data: {"productId","name","status","previousStatus"}  one per restock
 *   event: replaced                           this stream was closed for a newer one (the cap)
 * "changed" is coalesced per user: at most one per `changedGapMs` (250 ms), and "checks" one per
 * `checkedGapMs` (5 s, the cached product list follows check times every 5 s anyway), so a burst
 * of a thousand updates is a message or two per browser. Restocks are each sent at once.
 */
export interface LiveEventsOptions {
  /** streams one user may hold; a new one beyond it closes that user's oldest */
  maxPerUser: number;
  /** a comment line this often keeps proxies and browsers from timing the stream out */
  heartbeatMs: number;
  changedGapMs: number;
  checkedGapMs: number;
  /**
   * the first message of a burst waits this long, so every notification of one commit (on
   * PostgreSQL they may arrive in several reads of the socket) has reached the caches before the
   * browser reloads
   */
  settleMs: number;
  /** a stream whose unsent bytes pass this is closed (a client that stopped reading) */
  maxBufferedBytes: number;
}

export const LIVE_EVENTS_DEFAULTS: LiveEventsOptions = {
  maxPerUser: 5,
  heartbeatMs: 25_000,
  changedGapMs: 250,
  checkedGapMs: 5_000,
  settleMs: 25,
  maxBufferedBytes: 64 * 1024,
};

/** what the trigger of migration 0019 sends */
interface ProductNotice {
  kind: "status" | "changed" | "checked";
  userId: number;
  productId?: number;
  status?: string;
  previousStatus?: string | null;
  restock?: boolean;
  name?: string;
}

function parseNotice(payload: string): ProductNotice | null {
  try {
    const value = JSON.parse(payload) as Partial<ProductNotice>;
    if (typeof value.userId !== "number") return null;
    if (value.kind !== "status" && value.kind !== "changed" && value.kind !== "checked") return null;
    return value as ProductNotice;
  } catch {
    return null;
  }
}

const message = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const CHANGED_ALL = message("changed", { scope: "all" });
const CHANGED_CHECKS = message("changed", { scope: "checks" });
const REPLACED = message("replaced", {});
const PING = ": ping\n\n";

/** at most one send per `gapMs`; the first of a burst after `settleMs`; pokes meanwhile are folded in */
class Throttle {
  private timer: NodeJS.Timeout | null = null;
  private lastSent = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly gapMs: number,
    private readonly settleMs: number,
    private readonly send: () => void,
  ) {}

  poke(): void {
    if (this.timer) return;
    const wait = Math.max(this.settleMs, this.lastSent + this.gapMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.lastSent = Date.now();
      this.send();
    }, wait);
  }

  /** forget a pending send (another message already covers it) */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** whether the stream's session still holds (a logout, a password change, a deleted user end it) */
export type StillValid = () => Promise<boolean>;

interface UserStreams {
  /** oldest first */
  streams: ServerResponse[];
  changed: Throttle;
  checked: Throttle;
}

export class LiveEvents {
  private readonly users = new Map<number, UserStreams>();
  private readonly validity = new WeakMap<ServerResponse, StillValid>();
  private readonly options: LiveEventsOptions;
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(options: Partial<LiveEventsOptions> = {}) {
    this.options = { ...LIVE_EVENTS_DEFAULTS, ...options };
  }

  /** open streams, of one user or of everyone */
  count(userId?: number): number {
    if (userId !== undefined) return this.users.get(userId)?.streams.length ?? 0;
    let n = 0;
    for (const u of this.users.values()) n += u.streams.length;
    return n;
  }

  /**
   * Takes a response whose event-stream headers are written. It leaves when the client goes
   * (its 'close'), when a newer stream of the same user pushes it past the cap, when `stillValid`
   * says no at a heartbeat (the session ended), or at close().
   */
  add(userId: number, res: ServerResponse, stillValid?: StillValid): void {
    if (this.closed) {
      res.end();
      return;
    }
    let user = this.users.get(userId);
    if (!user) {
      const u: UserStreams = {
        streams: [],
        changed: new Throttle(this.options.changedGapMs, this.options.settleMs, () => {
          // "all" reloads the products too: a pending "checks" has nothing left to say
          u.checked.cancel();
          this.write(u, CHANGED_ALL);
        }),
        checked: new Throttle(this.options.checkedGapMs, this.options.settleMs, () =>
          this.write(u, CHANGED_CHECKS),
        ),
      };
      user = u;
      this.users.set(userId, u);
    }
    user.streams.push(res);
    if (stillValid) this.validity.set(res, stillValid);
    res.once("close", () => this.remove(userId, res));
    while (user.streams.length > this.options.maxPerUser) {
      const oldest = user.streams.shift()!;
      oldest.end(REPLACED);
    }
    this.heartbeat ??= setInterval(() => this.ping(), this.options.heartbeatMs).unref();
  }

  /** a payload of the product channel, or null: the feed (re)started and may have missed some */
  receive(payload: string | null): void {
    if (this.closed) return;
    if (payload === null) {
      for (const user of this.users.values()) user.changed.poke();
      return;
    }
    const notice = parseNotice(payload);
    if (!notice) return;
    const user = this.users.get(notice.userId);
    if (!user) return;
    if (notice.kind === "checked") {
      user.checked.poke();
      return;
    }
    if (notice.kind === "status" && notice.restock && typeof notice.productId === "number") {
      this.write(
        user,
        message("restock", {
          productId: notice.productId,
          name: notice.name ?? "",
          status: notice.status ?? "",
          previousStatus: notice.previousStatus ?? null,
        }),
      );
    }
    user.changed.poke();
  }

  /** ends every stream (server shutdown): an open stream must not hold the server's close */
  close(): void {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const user of this.users.values()) {
      user.changed.cancel();
      user.checked.cancel();
      for (const res of user.streams) res.end();
    }
    this.users.clear();
  }

  private write(user: UserStreams, text: string): void {
    // a copy: a stream closed for its backlog leaves the list while it is walked
    for (const res of [...user.streams]) {
      if (res.destroyed || res.writableEnded) continue;
      if (res.writableLength > this.options.maxBufferedBytes) {
        res.destroy();
        continue;
      }
      res.write(text);
    }
  }

  private ping(): void {
    for (const user of this.users.values()) {
      this.write(user, PING);
      for (const res of user.streams) {
        const stillValid = this.validity.get(res);
        if (!stillValid) continue;
        stillValid().then(
          (valid) => {
            if (!valid) res.end();
          },
          () => {}, // the database is away: keep the stream, ask again at the next heartbeat
        );
      }
    }
  }

  private remove(userId: number, res: ServerResponse): void {
    const user = this.users.get(userId);
    if (!user) return;
    const i = user.streams.indexOf(res);
    if (i >= 0) user.streams.splice(i, 1);
    if (user.streams.length === 0) {
      user.changed.cancel();
      user.checked.cancel();
      this.users.delete(userId);
    }
    if (this.users.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }
}
