import { z } from "../zod-pt.js";

/** the engine's state in this process, as /api/health reports it */
export const engineHealthSchema = z.object({
  running: z.boolean(),
  lagMsP99: z.number().nullable(),
  checksLastMinute: z.number(),
  startedAt: z.string().optional(),
  lastCheckAt: z.string().nullable().optional(),
});

/**
 * GET /api/health (200 ok, 503 degraded or error). With health monitoring off the answer is only
 * `{ status: "ok" }`, so the details are optional.
 */
export const healthAnswerSchema = z.object({
  status: z.enum(["ok", "degraded", "error"]),
  database: z.enum(["ok", "error"]).optional(),
  /** null when the engine does not run in this process */
  engine: engineHealthSchema.nullable().optional(),
  reasons: z.array(z.string()).optional(),
  checkedAt: z.string().optional(),
});
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;
