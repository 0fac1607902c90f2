import { z } from "../zod-pt.js";

export const roleSchema = z.enum(["admin", "user"]);
export type Role = z.infer<typeof roleSchema>;

export const loginSchema = z.object({
  username: z.string().trim().min(1, "Utilizador obrigatório").max(100),
  password: z.string().min(1, "Password obrigatória").max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** a user as the API sends it: never the password's hash */
export const publicUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  role: roleSchema,
  monitorLimit: z.number(),
  /** ISO */
  createdAt: z.string(),
  /** ISO; set while an admin has the account disabled */
  disabledAt: z.string().nullable(),
  /** two-factor sign-in (TOTP) is on */
  twoFactorEnabled: z.boolean(),
  /** the user hid themself from the ranking */
  hiddenFromRanking: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** any other or missing role is treated as user */
export function isAdmin(user: { role?: string | null } | null | undefined): boolean {
  return user?.role === "admin";
}

export function displayName(user: { fullName?: string | null; username: string }): string {
  return user.fullName?.trim() || user.username;
}

/** Perfil: the current password and the new one twice */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Indique a password atual" })
      .min(1, "Indique a password atual")
      .max(200),
    newPassword: z
      .string({ error: "Password deve ter pelo menos 6 caracteres" })
      .min(6, "Password deve ter pelo menos 6 caracteres")
      .max(200, "Password deve ter no máximo 200 caracteres"),
    confirmPassword: z.string().max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "As passwords não coincidem",
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** one of my signed-in devices, as "as minhas sessões" lists it */
export const sessionInfoSchema = z.object({
  id: z.string(),
  /** "Chrome 131", or null when the browser sent nothing recognisable */
  browser: z.string().nullable(),
  /** "Android 14", "Windows 10" */
  os: z.string().nullable(),
  device: z.enum(["desktop", "mobile", "tablet", "unknown"]),
  ip: z.string().nullable(),
  /** ISO */
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** the session this request came with */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const sessionIdParamSchema = z.object({ id: z.uuid("Sessão inválida") });
