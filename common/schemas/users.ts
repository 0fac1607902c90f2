import { z } from "../zod-pt.js";
import { roleSchema } from "./auth.js";
import { avatarDataUrlSchema } from "./images.js";

const emailOrEmpty = z
  .union([z.literal(""), z.email("Email inválido").max(200)])
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** format, control and separator characters other than the plain space: look-alike bait */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}\u00a0\u2000-\u200a\u202f\u205f\u3000\u115f\u1160\u3164\uffa0]/u;

/** one spelling per name: NFKC, so "José" typed as NFC or NFD (or with full-width letters) is one name */
export function normalizeUsername(username: string): string {
  return username.trim().normalize("NFKC");
}

/** the scripts a username's letters are told apart by; a letter of none of them counts as "other" */
const SCRIPTS = [
  "Latin",
  "Cyrillic",
  "Greek",
  "Armenian",
  "Georgian",
  "Hebrew",
  "Arabic",
  "Devanagari",
  "Bengali",
  "Thai",
  "Hangul",
  "Hiragana",
  "Katakana",
  "Han",
  "Bopomofo",
  "Cherokee",
  "Ethiopic",
  "Tamil",
].map((name) => ({ name, pattern: new RegExp(`\\p{Script=${name}}`, "u") }));

/** scripts one name may mix, as Unicode's "highly restrictive" profile (UTS #39) allows */
const SCRIPT_FAMILIES = [
  ["Han", "Hiragana", "Katakana"],
  ["Han", "Hangul"],
  ["Han", "Bopomofo"],
];

/**
 * Letters (and digits) of one script, or of one of the families Japanese, Korean and Chinese
 * writing use: "сhefe" with a Cyrillic "с" beside Latin letters is a look-alike of "chefe".
 */
export function isSingleScript(username: string): boolean {
  const scripts = new Set<string>();
  for (const char of username) {
    if (!/[\p{L}\p{N}]/u.test(char) || /\p{Script=Common}/u.test(char)) continue;
    scripts.add(SCRIPTS.find((s) => s.pattern.test(char))?.name ?? "other");
  }
  if (scripts.size <= 1) return true;
  return SCRIPT_FAMILIES.some((family) => [...scripts].every((s) => family.includes(s)));
}

export const monitorLimitSchema = z.coerce
  .number({ error: "Limite deve ser um número" })
  .int("Limite deve ser um número inteiro")
  .min(1, "Limite deve ser pelo menos 1")
  .max(100, "Limite máximo é 100");

const REQUIRED = "Nome de utilizador e password são obrigatórios";

/**
 * An account's name and password: missing or left empty, both say they are required (abort: the
 * length rules after it would only repeat it); the screens validate with the same schema.
 */
export const createUserSchema = z.object({
  username: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED, abort: true })
    .min(3, "Username deve ter pelo menos 3 caracteres")
    .max(50, "Username deve ter no máximo 50 caracteres")
    .refine((v) => !INVISIBLE.test(v), "Username não pode ter caracteres invisíveis ou de controlo")
    .transform(normalizeUsername)
    .refine(isSingleScript, "Username não pode misturar alfabetos (por exemplo letras latinas e cirílicas)"),
  password: z
    .string({ error: REQUIRED })
    .min(1, { error: REQUIRED, abort: true })
    .min(6, "Password deve ter pelo menos 6 caracteres")
    .max(200, "Password deve ter no máximo 200 caracteres"),
  role: roleSchema.default("user"),
  email: emailOrEmpty,
  fullName: z
    .string()
    .trim()
    .max(100)
    .nullable()
    .optional()
    .transform((v) => v || null),
  avatar: avatarDataUrlSchema,
  monitorLimit: monitorLimitSchema.default(2),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

export const updateUserSchema = z
  .object({
    monitorLimit: monitorLimitSchema,
    role: roleSchema,
    email: emailOrEmpty,
    fullName: z.string().trim().max(100).nullable(),
    password: z.string().min(6, "Password deve ter pelo menos 6 caracteres").max(200),
    /** true: the account may not log in, its sessions end and its monitors stop; false: back */
    disabled: z.boolean({ error: "Valor inválido" }),
  })
  .partial();
export type UpdateUserInput = z.input<typeof updateUserSchema>;

export const updateProfileSchema = z.object({
  fullName: z
    .string()
    .trim()
    .max(100, "Nome demasiado longo")
    .nullable()
    .optional()
    .transform((v) => v || null),
  email: emailOrEmpty,
  avatar: avatarDataUrlSchema,
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const idParamSchema = z.object({
  id: z.coerce.number({ error: "Identificador inválido" }).int().positive("Identificador inválido"),
});

/** an admin's password reset: the new password, to be shown once */
export const resetPasswordAnswerSchema = z.object({ password: z.string() });
