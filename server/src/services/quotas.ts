import type { Conn } from "../db/client.js";
import { forbidden } from "../http-error.js";
import { quotasRepository } from "../repositories/quotas.js";
import { usersRepository } from "../repositories/users.js";
import { getGlobalSettings } from "./settings.js";

/**
 * Per-user quotas (Configurações globais, admin): items, expenses, photos (items' and receipts')
 * and their MB, activity entries.
 * Checked inside the writing transaction after locking the user's row, so parallel requests of one
 * user queue behind each other and the count each sees is final (as the monitor limit does).
 * Refusals are 403 in Portuguese, like "Limite de monitores atingido".
 */

const MB = 1024 * 1024;
const ASK = "apague o que já não precisa ou peça ao administrador para aumentar o limite";

/** before a new item (and its photo of `photoBytes`, if any) is written */
export async function assertRoomForItem(tx: Conn, userId: number, photoBytes: number | null): Promise<void> {
  await usersRepository.lockById(tx, userId);
  const quota = await getGlobalSettings(tx);
  const usage = await quotasRepository.usage(tx, userId, null);
  if (usage.items >= quota.quotaItems) {
    throw forbidden(`Limite de itens no inventário atingido (${usage.items}/${quota.quotaItems}): ${ASK}`);
  }
  if (photoBytes !== null) checkPhotos(usage, photoBytes, quota);
}

/** how many more items the user may add (the CSV import's rows past it are reported, not written) */
export async function roomForItems(tx: Conn, userId: number): Promise<number> {
  await usersRepository.lockById(tx, userId);
  const quota = await getGlobalSettings(tx);
  const usage = await quotasRepository.usage(tx, userId, null);
  return Math.max(0, quota.quotaItems - usage.items);
}

/** before an item's photo is replaced by one of `photoBytes` (its old photo no longer counts) */
export async function assertRoomForPhoto(
  tx: Conn,
  userId: number,
  itemId: number,
  photoBytes: number,
): Promise<void> {
  await usersRepository.lockById(tx, userId);
  const quota = await getGlobalSettings(tx);
  checkPhotos(await quotasRepository.usage(tx, userId, itemId), photoBytes, quota);
}

function checkPhotos(
  usage: { photos: number; photoBytes: number },
  photoBytes: number,
  quota: { quotaPhotos: number; quotaPhotoMb: number },
): void {
  if (usage.photos >= quota.quotaPhotos) {
    throw forbidden(`Limite de fotos atingido (${usage.photos}/${quota.quotaPhotos}): ${ASK}`);
  }
  if (usage.photoBytes + photoBytes > quota.quotaPhotoMb * MB) {
    const used = Math.ceil(usage.photoBytes / MB);
    throw forbidden(`Limite de espaço para fotos atingido (${used} MB de ${quota.quotaPhotoMb} MB): ${ASK}`);
  }
}

/** before a new expense (and its receipt photo of `photoBytes`, if any) is written */
export async function assertRoomForExpense(
  tx: Conn,
  userId: number,
  photoBytes: number | null,
): Promise<void> {
  await usersRepository.lockById(tx, userId);
  const quota = await getGlobalSettings(tx);
  const usage = await quotasRepository.usage(tx, userId, null);
  if (usage.expenses >= quota.quotaExpenses) {
    throw forbidden(`Limite de despesas atingido (${usage.expenses}/${quota.quotaExpenses}): ${ASK}`);
  }
  if (photoBytes !== null) checkPhotos(usage, photoBytes, quota);
}

/** before an expense's receipt is replaced by one of `photoBytes` (its old receipt no longer counts) */
export async function assertRoomForReceipt(
  tx: Conn,
  userId: number,
  expenseId: number,
  photoBytes: number,
): Promise<void> {
  await usersRepository.lockById(tx, userId);
  const quota = await getGlobalSettings(tx);
  checkPhotos(await quotasRepository.usage(tx, userId, null, expenseId), photoBytes, quota);
}

/** the activity quota: each user keeps their newest quotaActivityRows entries (run with the pruning) */
export async function trimActivityToQuota(conn: Conn): Promise<void> {
  const { quotaActivityRows } = await getGlobalSettings(conn);
  for (const userId of await quotasRepository.usersOverActivity(conn, quotaActivityRows)) {
    await quotasRepository.trimActivity(conn, userId, quotaActivityRows);
  }
}
