import { publicUserSchema } from "./auth.js";
import { z } from "../zod-pt.js";

/** the six digits an authenticator app shows; spaces typed between them are dropped */
export const totpCodeSchema = z
  .string({ error: "Indique o código de 6 algarismos" })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Indique o código de 6 algarismos"));

/** at sign-in or to turn 2FA off: the app's code or one of the recovery codes */
export const secondFactorCodeSchema = z
  .string({ error: "Indique o código" })
  .trim()
  .min(1, "Indique o código")
  .max(40, "Código inválido");

/** the second step of a login: the challenge the password step answered, and the code */
export const loginTwoFactorSchema = z.object({
  challenge: z.string({ error: "Pedido inválido" }).min(1, "Pedido inválido").max(200, "Pedido inválido"),
  code: secondFactorCodeSchema,
});
export type LoginTwoFactorInput = z.infer<typeof loginTwoFactorSchema>;

/** the password step's answer when the account has 2FA: no session yet, a challenge for 5 minutes */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** POST /api/login: the signed-in user, or the challenge of the second step */
export const loginAnswerSchema = z.union([publicUserSchema, twoFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const isTwoFactorChallenge = (answer: LoginAnswer): answer is TwoFactorChallenge =>
  "twoFactorRequired" in answer && answer.twoFactorRequired === true;

/** Perfil's card: whether 2FA is on and how many recovery codes are left */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** a new secret to scan (QR as an SVG data URL) or type by hand */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const confirmTwoFactorSchema = z.object({ code: totpCodeSchema });
export type ConfirmTwoFactorInput = z.input<typeof confirmTwoFactorSchema>;

/** shown once: only their hashes are kept */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

const passwordField = z.string({ error: "Indique a password" }).min(1, "Indique a password").max(200);

/** turning 2FA off: the password and a code (or a recovery code) */
export const disableTwoFactorSchema = z.object({ password: passwordField, code: secondFactorCodeSchema });
export type DisableTwoFactorInput = z.infer<typeof disableTwoFactorSchema>;

export const regenerateRecoveryCodesSchema = z.object({ password: passwordField });
export type RegenerateRecoveryCodesInput = z.infer<typeof regenerateRecoveryCodesSchema>;

/**
 * The admins' policy: with "Exigir verificação em dois passos aos administradores" on, an admin
 * without 2FA may only enrol. The server refuses the rest; the client shows the enrolment card.
 */
export function mustEnrolTwoFactor(
  user: { role: string; twoFactorEnabled: boolean },
  global: { requireAdminTwoFactor: boolean },
): boolean {
  return user.role === "admin" && !user.twoFactorEnabled && global.requireAdminTwoFactor;
}
