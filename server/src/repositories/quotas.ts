import { sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";

export interface QuotaUsage {
  items: number;
  expenses: number;
  /** item photos and expense receipts together: one photo quota */
  photos: number;
  photoBytes: number;
}

export const quotasRepository = {
  /**
   * a user's items, expenses, and photos (items' and receipts') with their bytes (full and
   * thumbnail), leaving out one item's photo or one expense's receipt (the one being replaced)
   */
  async usage(
    conn: Conn,
    userId: number,
    exceptItemId: number | null,
    exceptExpenseId: number | null = null,
  ): Promise<QuotaUsage> {
    const result = await conn.execute(sql`
      with photos as (
        select octet_length(p.full) + coalesce(octet_length(p.thumbnail), 0) as bytes
        from item_photos p join inventory_items i on i.id = p.item_id
        where i.user_id = ${userId} and p.item_id <> ${exceptItemId ?? -1}
        union all
        select octet_length(r.full) + octet_length(r.thumbnail)
        from expense_receipts r join expenses e on e.id = r.expense_id
        where e.user_id = ${userId} and r.expense_id <> ${exceptExpenseId ?? -1}
      )
      select
        (select count(*) from inventory_items where user_id = ${userId})::int as items,
        (select count(*) from expenses where user_id = ${userId})::int as expenses,
        count(*)::int as photos,
        coalesce(sum(bytes), 0)::float8 as photo_bytes
      from photos`);
    const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
    return {
      items: Number(row.items ?? 0),
      expenses: Number(row.expenses ?? 0),
      photos: Number(row.photos ?? 0),
      photoBytes: Number(row.photo_bytes ?? 0),
    };
  },

  /** users with more than `keep` activity entries */
  async usersOverActivity(conn: Conn, keep: number): Promise<number[]> {
    const result = await conn.execute(sql`
      select user_id from activity_logs where user_id is not null
      group by user_id having count(*) > ${keep}`);
    return (result as unknown as { rows: { user_id: number }[] }).rows.map((r) => Number(r.user_id));
  },

  /** deletes a user's activity entries older than their newest `keep` (by the user/time index) */
  async trimActivity(conn: Conn, userId: number, keep: number): Promise<void> {
    await conn.execute(sql`
      delete from activity_logs where user_id = ${userId} and (created_at, id) < (
        select created_at, id from activity_logs where user_id = ${userId}
        order by created_at desc, id desc offset ${keep - 1} limit 1)`);
  },
};
