import { z } from "../zod-pt.js";
import { roleSchema } from "./auth.js";
import { createUserSchema, monitorLimitSchema } from "./users.js";

export const INVITE_DAYS = 7;

/** what the admin chooses for the person invited */
export const createInviteSchema = z.object({
  role: roleSchema.default("user"),
  monitorLimit: monitorLimitSchema.default(2),
  note: z
    .string()
    .trim()
    .max(100, "Nota demasiado longa")
    .nullable()
    .optional()
    .transform((v) => v || null),
});
export type CreateInviteInput = z.input<typeof createInviteSchema>;

/** a pending invite, as the admin's list shows it (its link is shown once, when created) */
export const inviteSchema = z.object({
  id: z.number(),
  role: roleSchema,
  monitorLimit: z.number(),
  note: z.string().nullable(),
  createdBy: z.string().nullable(),
  /** ISO */
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;

export const createdInviteSchema = z.object({ invite: inviteSchema, token: z.string() });
export type CreatedInvite = z.infer<typeof createdInviteSchema>;

/** what the invited person sees before choosing a name */
export const inviteCheckSchema = z.object({ role: roleSchema, expiresAt: z.string() });
export type InviteCheck = z.infer<typeof inviteCheckSchema>;

export const inviteTokenParamSchema = z.object({
  token: z.string().min(20, "Convite inválido ou expirado").max(100, "Convite inválido ou expirado"),
});

/** the invited person's own username and password (the same rules as an admin's create form) */
export const acceptInviteSchema = z
  .object({
    username: createUserSchema.shape.username,
    password: createUserSchema.shape.password,
    confirmPassword: z.string().max(200),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "As passwords não coincidem",
  });
export type AcceptInviteInput = z.input<typeof acceptInviteSchema>;
