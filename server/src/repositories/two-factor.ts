import { and, count, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { loginChallenges, totpRecoveryCodes, users } from "../db/schema.js";

/** two-factor sign-in: the secrets on the user's row, recovery codes and login challenges */
export const twoFactorRepository = {
  async setPendingSecret(conn: Conn, userId: number, secret: string): Promise<void> {
    await conn.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, userId));
  },

  /** the pending secret becomes the active one, unless another request changed it meanwhile */
  async activate(conn: Conn, userId: number, secret: string, step: number): Promise<boolean> {
    const rows = await conn
      .update(users)
      .set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: step })
      .where(and(eq(users.id, userId), eq(users.totpPendingSecret, secret)))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  /** records `step` as used; false when a code of that step (or a later one) was accepted before */
  async claimStep(conn: Conn, userId: number, step: number): Promise<boolean> {
    const rows = await conn
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  /** 2FA off: secrets, recovery codes and open challenges go */
  async clear(conn: Conn, userId: number): Promise<void> {
    await conn
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
      .where(eq(users.id, userId));
    await conn.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
    await conn.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
  },

  async replaceRecoveryCodes(conn: Conn, userId: number, hashes: string[]): Promise<void> {
    await conn.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
    await conn.insert(totpRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  },

  /** marks the code used; false when it is not one of the user's unused codes */
  async spendRecoveryCode(conn: Conn, userId: number, codeHash: string): Promise<boolean> {
    const rows = await conn
      .update(totpRecoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(totpRecoveryCodes.userId, userId),
          eq(totpRecoveryCodes.codeHash, codeHash),
          isNull(totpRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: totpRecoveryCodes.id });
    return rows.length > 0;
  },

  async countUnusedRecoveryCodes(conn: Conn, userId: number): Promise<number> {
    const [row] = await conn
      .select({ n: count() })
      .from(totpRecoveryCodes)
      .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
    return row.n;
  },

  async insertChallenge(conn: Conn, row: { id: string; userId: number; expiresAt: Date }): Promise<void> {
    await conn.insert(loginChallenges).values(row);
  },

  async findLiveChallenge(conn: Conn, id: string, now: Date): Promise<{ userId: number } | undefined> {
    const [row] = await conn
      .select({ userId: loginChallenges.userId })
      .from(loginChallenges)
      .where(and(eq(loginChallenges.id, id), gt(loginChallenges.expiresAt, now)));
    return row;
  },

  /** one more wrong code on the challenge; answers how many it has had */
  async addChallengeFailure(conn: Conn, id: string): Promise<number> {
    const [row] = await conn
      .update(loginChallenges)
      .set({ failures: sql`${loginChallenges.failures} + 1` })
      .where(eq(loginChallenges.id, id))
      .returning({ failures: loginChallenges.failures });
    return row?.failures ?? Number.POSITIVE_INFINITY;
  },

  /** false when it was already gone (used by a parallel request, or expired and pruned) */
  async deleteChallenge(conn: Conn, id: string): Promise<boolean> {
    const rows = await conn
      .delete(loginChallenges)
      .where(eq(loginChallenges.id, id))
      .returning({ id: loginChallenges.id });
    return rows.length > 0;
  },

  async deleteExpiredChallenges(conn: Conn, now: Date): Promise<void> {
    await conn.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
  },
};
