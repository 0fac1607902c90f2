import type { Db } from "../../db/client.js";
import { markSent, type OutboxRow } from "./outbox-store.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Delivered rows are written as sent together, a few milliseconds later, in one transaction: a
 * destination's next delivery does not wait for the database (under load the wait, not the
 * webhook, set a paced webhook's speed), and many marks cost one write. The window in which a
 * crash would send a delivered row again grows by at most `delayMs`.
 */
export class SentMarks {
  private pending: OutboxRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  /** delivered rows whose mark is not written yet */
  private readonly unwritten = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
    private readonly delayMs = 10,
    private readonly maxBatch = 200,
  ) {}

  add(row: OutboxRow): void {
    this.pending.push(row);
    this.unwritten.add(row.id);
    if (this.pending.length >= this.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
  }

  /** the row was delivered and its mark is still to be written (the table says 'sending') */
  has(id: number): boolean {
    return this.unwritten.has(id);
  }

  /** writes what is waiting; resolves when every mark asked for so far is written (or given up) */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const rows = this.pending.splice(0);
    if (rows.length > 0)
      this.writing = this.writing
        .then(() => this.write(rows))
        .finally(() => {
          for (const row of rows) this.unwritten.delete(row.id);
        });
    return this.writing;
  }

  private async write(rows: OutboxRow[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await markSent(this.db, rows);
        return;
      } catch (error) {
        this.onError(error);
        // unmarked, the rows would be sent again once their leases end: try a few more times first
        if (attempt >= 4) return;
        await sleep(250 * attempt);
      }
    }
  }
}
