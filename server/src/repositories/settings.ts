import { eq } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { appSettings, userSettings } from "../db/schema.js";

export type SettingsGroupKey = "global" | "system";

/** the stored JSON of each settings group; the service fills in the defaults and checks them */
export const settingsRepository = {
  async findGroup(conn: Conn, key: SettingsGroupKey): Promise<unknown> {
    const [row] = await conn.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
    return row?.value;
  },

  async findForUser(conn: Conn, userId: number): Promise<unknown> {
    const [row] = await conn.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
    return row?.value;
  },

  async saveGroup(conn: Conn, key: SettingsGroupKey, value: object): Promise<void> {
    await conn
      .insert(appSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
  },

  /** the server's Web Push key pair (app_settings 'vapid'), undefined before the first start */
  async findVapidKeys(conn: Conn): Promise<unknown> {
    const [row] = await conn.select().from(appSettings).where(eq(appSettings.key, "vapid")).limit(1);
    return row?.value;
  },

  /** keeps `keys` unless another process stored its pair first */
  async addVapidKeysUnlessSet(conn: Conn, keys: object): Promise<void> {
    await conn.insert(appSettings).values({ key: "vapid", value: keys }).onConflictDoNothing();
  },

  async saveForUser(conn: Conn, userId: number, value: object): Promise<void> {
    await conn
      .insert(userSettings)
      .values({ userId, value })
      .onConflictDoUpdate({ target: userSettings.userId, set: { value, updatedAt: new Date() } });
  },
};
