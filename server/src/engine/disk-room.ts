import { freeDiskMb } from "../services/disk-space.js";
import type { OperatorLog } from "../operator-log.js";

/**
 * Whether DATA_DIR still has room for the engine's writes: below MIN_FREE_DISK_WRITES_MB the web
 * side already serves reads only, and the engine's own writes (every check's outcome, the activity,
 * the outbox) would take the embedded database's last room just the same. Read every few seconds,
 * so the lease loop asks a cached answer; the operator is told once when checks stop and once when
 * they go on.
 */
export class DiskRoom {
  private room = true;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly o: { dir: string; minFreeMb: number; log: OperatorLog; everyMs?: number }) {}

  /** false while the free space is under the floor: the scheduler leases nothing */
  get hasRoom(): boolean {
    return this.room;
  }

  async start(): Promise<void> {
    if (this.o.minFreeMb <= 0 || this.timer) return;
    await this.read();
    this.timer = setInterval(() => void this.read(), this.o.everyMs ?? 2_000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async read(): Promise<void> {
    const free = await freeDiskMb(this.o.dir);
    // a disk that cannot be measured is not taken for a full one
    const room = free === null || free >= this.o.minFreeMb;
    if (room === this.room) return;
    this.room = room;
    if (room) this.o.log.info("Há espaço em disco outra vez: as verificações continuam");
    else
      this.o.log.warn(
        `Pouco espaço em disco (${Math.floor(free ?? 0)} MB livres, mínimo ${this.o.minFreeMb} MB): as verificações param até haver espaço`,
      );
  }
}
