import { z } from "../zod-pt.js";
import { roleSchema } from "./auth.js";
import { imageDataUrlSchema } from "./images.js";

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

export const monitorLimitSchema = z.coerce
  .number({ error: "Limite deve ser um número" })
  .int("Limite deve ser um número inteiro")
  .min(1, "Limite deve ser pelo menos 1")
  .max(100, "Limite máximo é 100");

export const createUserSchema = z.object({
  username: z
    .string({ error: "Nome de utilizador e password são obrigatórios" })
    .trim()
    .min(3, "Username deve ter pelo menos 3 caracteres")
    .max(50, "Username deve ter no máximo 50 caracteres")
    .refine((v) => !INVISIBLE.test(v), "Username não pode ter caracteres invisíveis ou de controlo")
    .transform(normalizeUsername),
  password: z
    .string({ error: "Nome de utilizador e password são obrigatórios" })
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
  avatar: imageDataUrlSchema,
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
  avatar: imageDataUrlSchema,
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const idParamSchema = z.object({
  id: z.coerce.number({ error: "Identificador inválido" }).int().positive("Identificador inválido"),
});
