import {
  DEFAULT_GLOBAL_SETTINGS,
  DEFAULT_SYSTEM_SETTINGS,
  DEFAULT_USER_SETTINGS,
  type GlobalSettings,
  type SystemSettings,
  type UserSettings,
} from "@common/schemas/settings.js";
import { eq } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { appSettings, userSettings } from "../db/schema.js";

async function readGroup<T extends object>(db: Conn, key: "global" | "system", defaults: T): Promise<T> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
  return { ...defaults, ...((row?.value as Partial<T>) ?? {}) };
}

/** installation-wide settings with the product's defaults filled in */
export const getGlobalSettings = (db: Conn): Promise<GlobalSettings> =>
  readGroup(db, "global", DEFAULT_GLOBAL_SETTINGS);

export const getSystemSettings = (db: Conn): Promise<SystemSettings> =>
  readGroup(db, "system", DEFAULT_SYSTEM_SETTINGS);

export async function getUserSettings(db: Conn, userId: number): Promise<UserSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  return { ...DEFAULT_USER_SETTINGS, ...((row?.value as Partial<UserSettings>) ?? {}) };
}

export async function saveAppSettings(db: Conn, key: "global" | "system", value: object): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}

export async function saveUserSettings(db: Conn, userId: number, value: object): Promise<void> {
  await db
    .insert(userSettings)
    .values({ userId, value })
    .onConflictDoUpdate({ target: userSettings.userId, set: { value, updatedAt: new Date() } });
}
