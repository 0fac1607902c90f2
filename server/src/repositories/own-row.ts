import { and, eq } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import type { inventoryItems, sales } from "../db/schema.js";

/** the tables whose rows belong to one user by `userId` and are changed under a row lock */
type OwnedTable = typeof inventoryItems | typeof sales;

/**
 * The user's row of `table`, locked until the transaction ends, or undefined (another user's row
 * looks missing, so the service answers 404 for both).
 */
export async function lockOwnRow<T extends OwnedTable>(
  conn: Conn,
  table: T,
  userId: number,
  id: number,
): Promise<T["$inferSelect"] | undefined> {
  const owned: OwnedTable = table;
  const [row] = await conn
    .select()
    .from(owned)
    .where(and(eq(owned.id, id), eq(owned.userId, userId)))
    .for("update");
  return row as T["$inferSelect"] | undefined;
}
