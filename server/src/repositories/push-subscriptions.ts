import { and, count, eq } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { pushSubscriptions } from "../db/schema.js";

export const pushSubscriptionsRepository = {
  async countForUser(conn: Conn, userId: number): Promise<number> {
    const [{ n }] = await conn
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    return n;
  },

  /** one row per endpoint: a known endpoint becomes this user's with the new keys */
  async save(
    conn: Conn,
    row: { userId: number; endpoint: string; p256dh: string; auth: string },
  ): Promise<void> {
    const { userId, p256dh, auth } = row;
    await conn
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh, auth } });
  },

  async delete(conn: Conn, userId: number, endpoint: string): Promise<void> {
    await conn
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  },
};
