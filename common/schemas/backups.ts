import { z } from "../zod-pt.js";

/** Settings → Sistema, "Backups": the embedded database's backups, made now or restored */
export const backupEntrySchema = z.object({
  name: z.string(),
  takenAt: z.string(),
  bytes: z.number(),
});
export type BackupEntry = z.infer<typeof backupEntrySchema>;

export const backupListSchema = z.object({
  /** why this server cannot back up or restore from the screen (PostgreSQL, in memory), or null */
  unavailable: z.string().nullable(),
  backups: z.array(backupEntrySchema),
});
export type BackupList = z.infer<typeof backupListSchema>;

export const backupNameParamSchema = z.object({
  name: z
    .string()
    .regex(/^stock-monitor-[\dTZ-]+\.tar\.gz$/, "Nome de backup inválido")
    .max(80, "Nome de backup inválido"),
});

export const restoreAnswerSchema = z.object({ message: z.string(), takenAt: z.string() });
