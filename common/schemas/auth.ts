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
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** any other or missing role is treated as user */
export function isAdmin(user: { role?: string | null } | null | undefined): boolean {
  return user?.role === "admin";
}

export function displayName(user: { fullName?: string | null; username: string }): string {
  return user.fullName?.trim() || user.username;
}
