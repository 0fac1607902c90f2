import { and, count, eq, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { pushSubscriptions } from "../db/schema.js";

type Row = { userId: number; endpoint: string; p256dh: string; auth: string };

export const pushSubscriptionsRepository = {
  /** held until the transaction ends: one user's subscribing requests take turns */
  async lockUser(conn: Conn, userId: number): Promise<void> {
    await conn.execute(sql`select id from users where id = ${userId} for update`);
  },

  async countForUser(conn: Conn, userId: number): Promise<number> {
    const [{ n }] = await conn
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    return n;
  },

  async ownerOf(conn: Conn, endpoint: string): Promise<number | null> {
    const [row] = await conn
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    return row?.userId ?? null;
  },

  async updateKeys(conn: Conn, row: Row): Promise<void> {
    await conn
      .update(pushSubscriptions)
      .set({ p256dh: row.p256dh, auth: row.auth })
      .where(and(eq(pushSubscriptions.endpoint, row.endpoint), eq(pushSubscriptions.userId, row.userId)));
  },

  /** false when the endpoint is already stored (by anyone) */
  async insertNew(conn: Conn, row: Row): Promise<boolean> {
    const inserted = await conn
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoNothing({ target: pushSubscriptions.endpoint })
      .returning({ id: pushSubscriptions.id });
    return inserted.length > 0;
  },

  async delete(conn: Conn, userId: number, endpoint: string): Promise<void> {
    await conn
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  },
};
