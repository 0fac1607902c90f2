import { and, desc, eq, lt, notInArray, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { loginDevices, users } from "../db/schema.js";

/** the devices users logged in from (login_devices); the rules are services/login-devices.ts's */
export const loginDevicesRepository = {
  async find(conn: Conn, id: string): Promise<{ id: string; username: string; failures: number } | null> {
    const [row] = await conn
      .select({ id: loginDevices.id, username: users.username, failures: loginDevices.failures })
      .from(loginDevices)
      .innerJoin(users, eq(users.id, loginDevices.userId))
      .where(eq(loginDevices.id, id));
    return row ?? null;
  },

  /** a new device of the user; past `keep` the ones least recently used are forgotten */
  async add(conn: Conn, id: string, userId: number, keep: number): Promise<void> {
    await conn.insert(loginDevices).values({ id, userId });
    const kept = conn
      .select({ id: loginDevices.id })
      .from(loginDevices)
      .where(eq(loginDevices.userId, userId))
      .orderBy(desc(loginDevices.lastUsedAt))
      .limit(keep);
    await conn
      .delete(loginDevices)
      .where(and(eq(loginDevices.userId, userId), notInArray(loginDevices.id, kept)));
  },

  async succeeded(conn: Conn, id: string): Promise<void> {
    await conn
      .update(loginDevices)
      .set({ failures: 0, lastUsedAt: new Date() })
      .where(eq(loginDevices.id, id));
  },

  async failed(conn: Conn, id: string): Promise<void> {
    await conn
      .update(loginDevices)
      .set({ failures: sql`${loginDevices.failures} + 1` })
      .where(eq(loginDevices.id, id));
  },

  async pruneUnusedSince(conn: Conn, before: Date): Promise<void> {
    await conn.delete(loginDevices).where(lt(loginDevices.lastUsedAt, before));
  },
};
