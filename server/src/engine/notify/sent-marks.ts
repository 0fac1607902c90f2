import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { logActivity } from "../../services/activity.js";
import { alertSummary } from "./alert.js";
import type { OutboxRow } from "./outbox.js";

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

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
    private readonly delayMs = 10,
    private readonly maxBatch = 200,
  ) {}

  add(row: OutboxRow): void {
    this.pending.push(row);
    if (this.pending.length >= this.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
  }

  /** writes what is waiting; resolves when every mark asked for so far is written (or given up) */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const rows = this.pending.splice(0);
    if (rows.length > 0) this.writing = this.writing.then(() => this.write(rows));
    return this.writing;
  }

  private async write(rows: OutboxRow[]): Promise<void> {
    const ids = `{${rows.map((r) => r.id).join(",")}}`;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.db.transaction(async (tx) => {
          await tx.execute(sql`update notifications
            set status = 'sent', sent_at = now(), lease_until = null, last_error = null
            where id = any(${ids}::int[])`);
          await logActivity(
            tx,
            rows.map((row) => ({
              userId: row.userId,
              productId: row.productId,
              productName: row.payload?.productName ?? null,
              action: "notification_sent" as const,
              message: `Alerta enviado: ${row.payload ? alertSummary(row.payload) : row.message}`,
              type: "success" as const,
            })),
          );
        });
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
