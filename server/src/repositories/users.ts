import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { users } from "../db/schema.js";

export type UserRow = typeof users.$inferSelect;
type NewUser = typeof users.$inferInsert;

export const usersRepository = {
  /** the ids of the admins who can sign in, in id order, their rows locked until the transaction ends */
  async lockAdmins(conn: Conn): Promise<number[]> {
    const rows = await conn
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "admin"), isNull(users.disabledAt)))
      .orderBy(users.id)
      .for("update");
    return rows.map((r) => r.id);
  },

  async count(conn: Conn): Promise<number> {
    const [row] = await conn.select({ n: count() }).from(users);
    return row.n;
  },

  async findById(conn: Conn, id: number): Promise<UserRow | undefined> {
    const [row] = await conn.select().from(users).where(eq(users.id, id));
    return row;
  },

  async lockById(conn: Conn, id: number): Promise<UserRow | undefined> {
    const [row] = await conn.select().from(users).where(eq(users.id, id)).for("update");
    return row;
  },

  /** the first user whose name equals `username` ignoring case (the caller normalizes it) */
  async findByUsernameIgnoringCase(conn: Conn, username: string): Promise<UserRow | undefined> {
    const [user] = await conn
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return user;
  },

  listAll(conn: Conn): Promise<UserRow[]> {
    return conn.select().from(users).orderBy(asc(users.id));
  },

  /** the new row, or undefined when the username is taken */
  async insertUnlessTaken(conn: Conn, row: NewUser): Promise<UserRow | undefined> {
    const [created] = await conn.insert(users).values(row).onConflictDoNothing().returning();
    return created;
  },

  async update(conn: Conn, id: number, changes: Partial<NewUser>): Promise<UserRow> {
    const [updated] = await conn.update(users).set(changes).where(eq(users.id, id)).returning();
    return updated;
  },

  async delete(conn: Conn, id: number): Promise<void> {
    await conn.delete(users).where(eq(users.id, id));
  },
};
