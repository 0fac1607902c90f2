import { calendarDate } from "@common/aggregations.js";
import { DEFAULT_FEE_TERMS, DEFAULTS_VALID_FROM } from "@common/fee-presets.js";
import { SALE_PLATFORMS } from "@common/sale-platforms.js";
import type { FeePreset, SaveFeePreset } from "@common/schemas/fee-presets.js";
import type { Conn, Db } from "../db/client.js";
import { type FeePresetRow, feePresetsRepository } from "../repositories/fee-presets.js";

/**
 * Fee presets per sale platform. A user's presets start as a copy of the defaults, made on their
 * first read (valid from DEFAULTS_VALID_FROM, so they cover every past sale) and for a platform
 * added to the list later; from then on they are the user's, and a later change of the defaults
 * never reaches them. An edit is a new version valid from the user's today.
 */

async function copyMissingDefaults(conn: Conn, userId: number): Promise<void> {
  const have = new Set(await feePresetsRepository.platforms(conn, userId));
  const missing = SALE_PLATFORMS.filter((p) => !have.has(p));
  await feePresetsRepository.insertMissing(
    conn,
    missing.map((platform) => ({
      userId,
      platform,
      validFrom: DEFAULTS_VALID_FROM,
      ...DEFAULT_FEE_TERMS[platform],
    })),
  );
}

const toPreset = (row: FeePresetRow): FeePreset => ({
  id: row.id,
  platform: row.platform,
  percent: row.percent,
  fixedAmount: row.fixedAmount,
  shippingPaidBy: row.shippingPaidBy,
  validFrom: row.validFrom,
});

/** GET /api/fee-presets: every version, or those valid on `day` (yyyy-MM-dd) */
export async function listFeePresets(db: Db, userId: number, day?: string): Promise<FeePreset[]> {
  await copyMissingDefaults(db, userId);
  const rows =
    day === undefined
      ? await feePresetsRepository.list(db, userId)
      : await feePresetsRepository.listOn(db, userId, day);
  return rows.map(toPreset);
}

/** "yyyy-MM-dd" of `now` on the user's calendar */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  const { year, month, day } = calendarDate(now, timeZone);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** POST /api/fee-presets: a version valid from today; the older ones stay for the days before */
export async function saveFeePreset(
  db: Db,
  userId: number,
  input: SaveFeePreset,
  timeZone: string,
): Promise<FeePreset> {
  return db.transaction(async (tx) => {
    // the defaults first, so that the days before today keep the terms they had
    await copyMissingDefaults(tx, userId);
    const row = await feePresetsRepository.upsertVersion(tx, {
      userId,
      platform: input.platform,
      percent: input.percent,
      fixedAmount: input.fixedAmount,
      shippingPaidBy: input.shippingPaidBy,
      validFrom: dayIn(timeZone),
    });
    return toPreset(row);
  });
}
