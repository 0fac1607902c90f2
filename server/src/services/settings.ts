import {
  DEFAULT_GLOBAL_SETTINGS,
  DEFAULT_SYSTEM_SETTINGS,
  DEFAULT_USER_SETTINGS,
  EMAIL_NOT_CONFIGURED_MESSAGE,
  type GlobalSettings,
  globalSettingsSchema,
  type SettingsResponse,
  type SystemSettings,
  systemSettingsSchema,
  type UpdateSettingsInput,
  type UserSettings,
  userSettingsSchema,
} from "@common/schemas/settings.js";
import type { Conn, Db } from "../db/client.js";
import { badRequest } from "../http-error.js";
import { checkUrlShape, UnsafeUrlError } from "../net/address-guard.js";
import { settingsRepository } from "../repositories/settings.js";
import { usersRepository } from "../repositories/users.js";
import { assertSafeWebhook } from "./webhook-url.js";

async function readGroup<T extends object>(db: Conn, key: "global" | "system", defaults: T): Promise<T> {
  const stored = (await settingsRepository.findGroup(db, key)) as Partial<T> | undefined;
  return { ...defaults, ...(stored ?? {}) };
}

/** installation-wide settings with the product's defaults filled in */
export const getGlobalSettings = (db: Conn): Promise<GlobalSettings> =>
  readGroup(db, "global", DEFAULT_GLOBAL_SETTINGS);

export const getSystemSettings = (db: Conn): Promise<SystemSettings> =>
  readGroup(db, "system", DEFAULT_SYSTEM_SETTINGS);

export async function getUserSettings(db: Conn, userId: number): Promise<UserSettings> {
  const stored = (await settingsRepository.findForUser(db, userId)) as Partial<UserSettings> | undefined;
  return { ...DEFAULT_USER_SETTINGS, ...(stored ?? {}) };
}

export const saveAppSettings = settingsRepository.saveGroup;
export const saveUserSettings = settingsRepository.saveForUser;

/** what the settings depend on in this process's configuration */
export interface SettingsContext {
  /** SMTP_URL is set: e-mail alerts can go out */
  emailConfigured: boolean;
}

/** the three groups a user sees; one query after another (a transaction runs one at a time) */
export async function readSettings(
  db: Conn,
  userId: number,
  { emailConfigured }: SettingsContext,
): Promise<SettingsResponse> {
  const global = await getGlobalSettings(db);
  const system = await getSystemSettings(db);
  const user = await getUserSettings(db, userId);
  return { global, system, user, emailConfigured };
}

/**
 * Without an SMTP server no e-mail alert can go: turning them on (stored off, asked on) is a 400.
 * A value left as it was (a new user's default is on) passes, so saving other preferences or
 * restoring an unchanged group still works; the screen shows the switch off and disabled.
 */
async function checkEmailAlerts(
  db: Conn,
  userId: number,
  changes: UpdateSettingsInput,
  emailConfigured: boolean,
) {
  if (emailConfigured || changes.user?.emailNotifications !== true) return;
  if ((await getUserSettings(db, userId)).emailNotifications) return;
  throw badRequest(EMAIL_NOT_CONFIGURED_MESSAGE, [
    { path: "user.emailNotifications", message: EMAIL_NOT_CONFIGURED_MESSAGE },
  ]);
}

/** the default webhooks are addresses the server will post to: checked before anything is saved */
async function checkDefaultWebhooks(changes: UpdateSettingsInput, allowPrivateWebhooks: boolean) {
  // a user's own default goes into their products as typed: the product webhook's rules, DNS included
  if (changes.user?.defaultWebhookUrl) {
    await assertSafeWebhook(changes.user.defaultWebhookUrl, allowPrivateWebhooks, "user.defaultWebhookUrl");
  }
  const globalWebhook = changes.global?.defaultWebhookUrl;
  if (!globalWebhook || allowPrivateWebhooks) return;
  try {
    checkUrlShape(globalWebhook, { httpsOnly: true });
  } catch (error) {
    if (!(error instanceof UnsafeUrlError)) throw error;
    throw badRequest(`Webhook: ${error.message}`, [
      { path: "global.defaultWebhookUrl", message: error.message },
    ]);
  }
}

/** an admin who demands 2FA of the admins has it: they cannot lock themselves out */
async function checkOwnTwoFactor(db: Conn, userId: number, changes: UpdateSettingsInput) {
  if (changes.global?.requireAdminTwoFactor !== true) return;
  const user = await usersRepository.findById(db, userId);
  if (user?.totpSecret) return;
  const message =
    "Ative primeiro a sua própria verificação em dois passos (Perfil) para a exigir aos administradores";
  throw badRequest(message, [{ path: "global.requireAdminTwoFactor", message }]);
}

/**
 * PUT /api/settings: each group sent is merged over what is stored and checked whole, all in one
 * transaction. Who may change the admin groups is the route's preValidation (requireAdminWhen).
 */
export async function updateSettings(
  db: Db,
  userId: number,
  changes: UpdateSettingsInput,
  { allowPrivateWebhooks, emailConfigured }: { allowPrivateWebhooks: boolean } & SettingsContext,
): Promise<SettingsResponse> {
  await checkDefaultWebhooks(changes, allowPrivateWebhooks);
  await checkOwnTwoFactor(db, userId, changes);
  await checkEmailAlerts(db, userId, changes, emailConfigured);
  const { global, system, user } = changes;
  return db.transaction(async (tx) => {
    if (global) {
      await saveAppSettings(
        tx,
        "global",
        globalSettingsSchema.parse({ ...(await getGlobalSettings(tx)), ...global }),
      );
    }
    if (system) {
      await saveAppSettings(
        tx,
        "system",
        systemSettingsSchema.parse({ ...(await getSystemSettings(tx)), ...system }),
      );
    }
    if (user) {
      await saveUserSettings(
        tx,
        userId,
        userSettingsSchema.parse({ ...(await getUserSettings(tx, userId)), ...user }),
      );
    }
    return readSettings(tx, userId, { emailConfigured });
  });
}
