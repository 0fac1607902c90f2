import { and, asc, eq, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { feePresets } from "../db/schema.js";

export type FeePresetRow = typeof feePresets.$inferSelect;
type NewFeePreset = Omit<typeof feePresets.$inferInsert, "id" | "createdAt">;

export const feePresetsRepository = {
  /** the user's versions, by platform then day */
  list(conn: Conn, userId: number): Promise<FeePresetRow[]> {
    return conn
      .select()
      .from(feePresets)
      .where(eq(feePresets.userId, userId))
      .orderBy(asc(feePresets.platform), asc(feePresets.validFrom));
  },

  /** the versions valid on `day`: per platform the latest from that day or before */
  listOn(conn: Conn, userId: number, day: string): Promise<FeePresetRow[]> {
    return conn
      .selectDistinctOn([feePresets.platform])
      .from(feePresets)
      .where(and(eq(feePresets.userId, userId), sql`${feePresets.validFrom} <= ${day}::date`))
      .orderBy(asc(feePresets.platform), sql`${feePresets.validFrom} desc`);
  },

  /** rows already there (same user, platform and day) are left as they are */
  async insertMissing(conn: Conn, rows: NewFeePreset[]): Promise<void> {
    if (rows.length === 0) return;
    await conn.insert(feePresets).values(rows).onConflictDoNothing();
  },

  /** the platforms the user has any version of */
  async platforms(conn: Conn, userId: number): Promise<string[]> {
    const rows = await conn
      .selectDistinct({ platform: feePresets.platform })
      .from(feePresets)
      .where(eq(feePresets.userId, userId));
    return rows.map((r) => r.platform);
  },

  /** a new version, or the day's version replaced when one was saved the same day */
  async upsertVersion(conn: Conn, row: NewFeePreset): Promise<FeePresetRow> {
    const [saved] = await conn
      .insert(feePresets)
      .values(row)
      .onConflictDoUpdate({
        target: [feePresets.userId, feePresets.platform, feePresets.validFrom],
        set: { percent: row.percent, fixedAmount: row.fixedAmount, shippingPaidBy: row.shippingPaidBy },
      })
      .returning();
    return saved;
  },
};
