/**
 * The admin's budgets per host (table host_budgets, Settings → Sistema), read every few seconds by
 * each process that plans with budgets (the engine's limiter and allotments, the stretch the web
 * shows). Reading is one small query; a change shows within `refreshMs` everywhere.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { SingleRead } from "../single-read.js";
import type { HostBudget } from "./host-budget.js";

export class BudgetOverrides {
  private current: ReadonlyMap<string, HostBudget> = new Map();
  private readonly reading: SingleRead;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly refreshMs = 5_000,
    private readonly onChange: () => void = () => {},
  ) {
    this.reading = new SingleRead(() => this.read(), refreshMs);
  }

  get map(): ReadonlyMap<string, HostBudget> {
    return this.current;
  }

  /** reads the table again when the last reading is older than refreshMs (or `force`) */
  refresh(force = false): Promise<void> {
    return this.reading.run(force);
  }

  /** keeps reading in the background; the timer does not keep the process alive */
  start(onError: (error: unknown) => void): void {
    void this.refresh(true).catch(onError);
    this.timer = setInterval(() => void this.refresh(true).catch(onError), this.refreshMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async read(): Promise<void> {
    const result = await this.db.execute(sql`select host, per_minute, at_once from host_budgets`);
    const next = new Map<string, HostBudget>();
    for (const r of (result as unknown as { rows: Record<string, unknown>[] }).rows) {
      next.set(String(r.host), { perMinute: Number(r.per_minute), atOnce: Number(r.at_once) });
    }
    const changed =
      next.size !== this.current.size ||
      [...next].some(([host, b]) => {
        const was = this.current.get(host);
        return !was || was.perMinute !== b.perMinute || was.atOnce !== b.atOnce;
      });
    this.current = next;
    if (changed) this.onChange();
  }
}
