import { z } from "../zod-pt.js";

/**
 * What a personal API token may do. `read`: every GET of the caller's own data; `monitors`: create,
 * change and remove monitors; `books`: inventory and sales; `admin`: the admin routes, and only when
 * the token's owner is an admin.
 */
export const API_TOKEN_SCOPES = ["read", "monitors", "books", "admin"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** how long a new token lives; null: until revoked */
export const API_TOKEN_LIFETIMES = [7, 30, 90, 365] as const;

export const createApiTokenSchema = z.object({
  name: z
    .string({ error: "Nome obrigatório" })
    .trim()
    .min(1, "Nome obrigatório")
    .max(60, "Nome demasiado longo (máximo 60 caracteres)"),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: "Permissão desconhecida" }), { error: "Escolha as permissões" })
    .min(1, "Escolha pelo menos uma permissão")
    .refine((s) => new Set(s).size === s.length, "Permissão repetida"),
  expiresInDays: z
    .union([z.literal(7), z.literal(30), z.literal(90), z.literal(365), z.null()], {
      error: "Validade inválida: 7, 30, 90 ou 365 dias, ou sem fim",
    })
    .default(90),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;

/** a token as its owner sees it listed: never the token itself, only its first characters */
export const apiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** the answer to its creation: the only time the token is shown */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
