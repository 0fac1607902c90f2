import { createHash, randomBytes, randomInt } from "node:crypto";
import type { PublicUser } from "@common/schemas/auth.js";
import type { TwoFactorSetup, TwoFactorStatus } from "@common/schemas/two-factor.js";
import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";
import type { Conn, Db } from "../db/client.js";
import { badRequest, conflict, HttpError, notFound } from "../http-error.js";
import { twoFactorRepository as repo } from "../repositories/two-factor.js";
import { type UserRow, usersRepository } from "../repositories/users.js";
import { verifyPassword } from "./passwords.js";
import { toPublicUser } from "./users.js";

const ISSUER = "Stock Monitor";
const PERIOD_S = 30;
/** a code of the step before or after is accepted too (clocks drift, people type slowly) */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** the password step's challenge waits this long for the code */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** wrong codes one challenge takes before it ends (the login throttle counts them too) */
const CHALLENGE_MAX_FAILURES = 5;

export const INVALID_CODE = "Código inválido";
export const REUSED_CODE = "Este código já foi usado. Aguarde o próximo código da aplicação.";
export const CHALLENGE_EXPIRED = "A verificação expirou. Inicie sessão de novo.";

const hash = (value: string) => createHash("sha256").update(value).digest("hex");

function totpOf(secret: string, username: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** the step a six-digit code belongs to, or null when it is none of the window's */
function matchingStep(secret: string, username: string, code: string, now = Date.now()): number | null {
  const totp = totpOf(secret, username);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** recovery codes: 10 characters without look-alikes, shown as "abcde-fghjk" */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}
/** how a recovery code is compared: case, spaces and dashes as typed do not matter */
const recoveryKey = (code: string) => hash(code.toLowerCase().replace(/[\s-]/g, ""));

async function freshUser(db: Conn, userId: number): Promise<UserRow> {
  const user = await usersRepository.findById(db, userId);
  if (!user) throw notFound("Utilizador não encontrado");
  return user;
}

async function newRecoveryCodes(tx: Conn, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await repo.replaceRecoveryCodes(tx, userId, codes.map(recoveryKey));
  return codes;
}

export async function twoFactorStatus(db: Conn, userId: number): Promise<TwoFactorStatus> {
  const user = await freshUser(db, userId);
  return {
    enabled: user.totpSecret !== null,
    recoveryCodesLeft: user.totpSecret ? await repo.countUnusedRecoveryCodes(db, userId) : 0,
  };
}

/** a new pending secret (replacing any earlier one): not active until its first code is typed */
export async function startTwoFactorSetup(db: Conn, userId: number): Promise<TwoFactorSetup> {
  const user = await freshUser(db, userId);
  if (user.totpSecret) throw conflict("A verificação em dois passos já está ativa");
  const secret = new Secret({ size: 20 }).base32;
  await repo.setPendingSecret(db, userId, secret);
  const uri = totpOf(secret, user.username).toString();
  const svg = renderSVG(uri, { ecc: "M", border: 2, pixelSize: 8 });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/** the first code proves the app holds the secret: 2FA is on, and the recovery codes are answered once */
export async function confirmTwoFactorSetup(db: Db, userId: number, code: string): Promise<string[]> {
  const user = await freshUser(db, userId);
  if (user.totpSecret) throw conflict("A verificação em dois passos já está ativa");
  const pending = user.totpPendingSecret;
  if (!pending) throw badRequest("Comece por pedir um novo código QR");
  const step = matchingStep(pending, user.username, code);
  if (step === null) throw badRequest(INVALID_CODE, [{ path: "code", message: INVALID_CODE }]);
  return db.transaction(async (tx) => {
    if (!(await repo.activate(tx, userId, pending, step))) {
      throw conflict("O código QR mudou entretanto. Leia o novo código QR.");
    }
    return newRecoveryCodes(tx, userId);
  });
}

export type SecondFactorResult = "ok" | "invalid" | "reused";

/**
 * A code of the user's app (its step is then used up) or one of their recovery codes (used up).
 * Reads the user's row again: a cached one may hold a secret that has since changed.
 */
export async function checkSecondFactor(db: Conn, userId: number, code: string): Promise<SecondFactorResult> {
  const user = await freshUser(db, userId);
  if (!user.totpSecret) return "invalid";
  const digits = code.replace(/\s+/g, "");
  if (/^\d{6}$/.test(digits)) {
    const step = matchingStep(user.totpSecret, user.username, digits);
    if (step === null) return "invalid";
    return (await repo.claimStep(db, userId, step)) ? "ok" : "reused";
  }
  return (await repo.spendRecoveryCode(db, userId, recoveryKey(code))) ? "ok" : "invalid";
}

async function requirePassword(user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw badRequest("A password está incorreta", [
      { path: "password", message: "A password está incorreta" },
    ]);
  }
}

/** Perfil: off again, proven by the password and a code (or a recovery code) */
export async function disableTwoFactor(
  db: Db,
  userId: number,
  input: { password: string; code: string },
): Promise<void> {
  const user = await freshUser(db, userId);
  if (!user.totpSecret) throw badRequest("A verificação em dois passos não está ativa");
  await requirePassword(user, input.password);
  const result = await checkSecondFactor(db, userId, input.code);
  if (result !== "ok") {
    const message = result === "reused" ? REUSED_CODE : INVALID_CODE;
    throw badRequest(message, [{ path: "code", message }]);
  }
  await db.transaction((tx) => repo.clear(tx, userId));
}

/** Perfil: ten new recovery codes (the old ones stop working), proven by the password */
export async function regenerateRecoveryCodes(db: Db, userId: number, password: string): Promise<string[]> {
  const user = await freshUser(db, userId);
  if (!user.totpSecret) throw badRequest("A verificação em dois passos não está ativa");
  await requirePassword(user, password);
  return db.transaction((tx) => newRecoveryCodes(tx, userId));
}

/** an admin's help to a user who lost the phone and the recovery codes */
export async function removeTwoFactorOf(db: Db, userId: number): Promise<PublicUser> {
  return db.transaction(async (tx) => {
    const target = await usersRepository.lockById(tx, userId);
    if (!target) throw notFound("Utilizador não encontrado");
    await repo.clear(tx, userId);
    return toPublicUser({ ...target, totpSecret: null, totpPendingSecret: null, totpLastStep: null });
  });
}

/** after a right password, for an account with 2FA: the token the code step must bring back */
export async function openLoginChallenge(db: Conn, userId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await repo.deleteExpiredChallenges(db, new Date());
  await repo.insertChallenge(db, {
    id: hash(token),
    userId,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return token;
}

export async function challengeUser(db: Conn, token: string): Promise<UserRow> {
  const found = await repo.findLiveChallenge(db, hash(token), new Date());
  const user = found && (await usersRepository.findById(db, found.userId));
  if (!user) throw new HttpError(401, CHALLENGE_EXPIRED);
  return user;
}

/**
 * The code step: on "ok" the challenge is used up (a parallel request with it then fails), on a
 * wrong code it counts one failure and ends after a few.
 */
export async function answerLoginChallenge(
  db: Conn,
  token: string,
  code: string,
): Promise<SecondFactorResult> {
  const user = await challengeUser(db, token);
  const result = await checkSecondFactor(db, user.id, code);
  if (result === "ok") {
    if (!(await repo.deleteChallenge(db, hash(token)))) throw new HttpError(401, CHALLENGE_EXPIRED);
    return result;
  }
  if ((await repo.addChallengeFailure(db, hash(token))) >= CHALLENGE_MAX_FAILURES) {
    await repo.deleteChallenge(db, hash(token));
  }
  return result;
}
