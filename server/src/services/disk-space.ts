import fs from "node:fs";
import { HttpError } from "../http-error.js";

/** the free-space floors of DATA_DIR (MIN_FREE_DISK_MB, MIN_FREE_DISK_WRITES_MB); 0 = none */
export interface DiskFloors {
  /** below it, new photos and backups are refused */
  minFreeMb: number;
  /** below it, every change is refused: the app serves reads only */
  minFreeWritesMb: number;
}

const MB = 1024 * 1024;

/** MB free to this process in the file system holding `dir`; null when it cannot be read */
export async function freeDiskMb(dir: string): Promise<number | null> {
  try {
    const stats = await fs.promises.statfs(dir);
    return (stats.bavail * stats.bsize) / MB;
  } catch {
    return null;
  }
}

const mbText = (mb: number) => `${Math.floor(mb)} MB`;

/** /api/health's reason, or null with room to spare (or nothing to measure) */
export async function lowDiskReason(dir: string, floors: DiskFloors): Promise<string | null> {
  const floor = Math.max(floors.minFreeMb, floors.minFreeWritesMb);
  if (floor <= 0) return null;
  const free = await freeDiskMb(dir);
  if (free === null || free >= floor) return null;
  return `pouco espaço em disco (${mbText(free)} livres, mínimo ${mbText(floor)})`;
}

/**
 * 507 when DATA_DIR has less than the floor of this kind of write: "photo" (photos, avatars,
 * backups) or "write" (any change). The message names both figures so the admin knows what to free.
 */
export async function assertRoomFor(kind: "photo" | "write", dir: string, floors: DiskFloors) {
  const floor =
    kind === "photo" ? Math.max(floors.minFreeMb, floors.minFreeWritesMb) : floors.minFreeWritesMb;
  if (floor <= 0) return;
  const free = await freeDiskMb(dir);
  if (free === null || free >= floor) return;
  const what =
    kind === "photo" ? "não são aceites fotos novas" : "só é possível consultar dados, não alterá-los";
  throw new HttpError(
    507,
    `Pouco espaço em disco no servidor (${mbText(free)} livres, mínimo ${mbText(floor)}): ${what}. Avise o administrador.`,
  );
}
