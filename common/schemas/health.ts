import { z } from "../zod-pt.js";

/** the engine's state in this process, as /api/health reports it */
export const engineHealthSchema = z.object({
  running: z.boolean(),
  lagMsP99: z.number().nullable(),
  checksLastMinute: z.number(),
  startedAt: z.string().optional(),
  lastCheckAt: z.string().nullable().optional(),
});

/** the monitors of every user by state (a monitor that cannot see is counted) */
export const monitorCountsSchema = z.object({
  active: z.number(),
  /** the last check failed */
  failing: z.number(),
  /** no successful check for its window: said so once (blind_since) */
  blind: z.number(),
  /** its page answers 404/410: fetched less and less often */
  resting: z.number(),
});
export type MonitorCounts = z.infer<typeof monitorCountsSchema>;

/**
 * GET /api/health (200 ok, 503 degraded or error). Anyone gets only `{ status: "ok" | "degraded" }`;
 * the details go to an admin's session or the HEALTH_TOKEN bearer, and with health monitoring off
 * the answer is only `{ status: "ok" }`, so they are optional.
 */
export const healthAnswerSchema = z.object({
  status: z.enum(["ok", "degraded", "error"]),
  database: z.enum(["ok", "error"]).optional(),
  /** null when the engine does not run in this process */
  engine: engineHealthSchema.nullable().optional(),
  reasons: z.array(z.string()).optional(),
  monitors: monitorCountsSchema.optional(),
  checkedAt: z.string().optional(),
});
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;
