import { z } from "../zod-pt.js";

/** a host name as a URL carries it ("www.zara.com"), lower case */
export const hostNameSchema = z
  .string({ error: "Domínio inválido" })
  .trim()
  .toLowerCase()
  .min(1, "Domínio obrigatório")
  .max(253, "Domínio demasiado longo")
  .regex(/^(?=.*[a-z])[a-z0-9-]+(\.[a-z0-9-]+)+$/, "Domínio inválido (ex.: www.zara.com)");

export const hostParamSchema = z.object({ host: hostNameSchema });

/** PUT /api/admin/host-budgets/:host: requests per minute and at once, for every engine process */
export const hostBudgetInputSchema = z.object({
  perMinute: z.coerce
    .number({ error: "Pedidos por minuto devem ser um número" })
    .int("Pedidos por minuto devem ser um número inteiro")
    .min(1, "Mínimo 1 pedido por minuto")
    .max(6000, "Máximo 6000 pedidos por minuto"),
  atOnce: z.coerce
    .number({ error: "Pedidos em simultâneo devem ser um número" })
    .int("Pedidos em simultâneo devem ser um número inteiro")
    .min(1, "Mínimo 1 pedido em simultâneo")
    .max(50, "Máximo 50 pedidos em simultâneo"),
});
export type HostBudgetInput = z.infer<typeof hostBudgetInputSchema>;

/** one host as Settings → Sistema shows it */
export const hostBudgetRowSchema = z.object({
  host: z.string(),
  /** the platform whose hosts include it (its label), null for none */
  platform: z.string().nullable(),
  perMinute: z.number(),
  atOnce: z.number(),
  /** where the budget comes from: the admin's, the platform record's, or the default */
  source: z.enum(["admin", "platform", "default"]),
  /** what the platform record (or the default) says: what deleting the admin's budget returns to */
  baseline: z.object({ perMinute: z.number(), atOnce: z.number() }),
  /** the active monitors on the host and the checks per minute they ask for */
  monitors: z.number(),
  demandPerMinute: z.number(),
  /** ms: the longest interval a stretched monitor of the host gets; null when none is stretched */
  stretchedTo: z.number().nullable(),
  /** false for a stand-in on loopback (tests, demo): no budget applies */
  budgeted: z.boolean(),
});
export type HostBudgetRow = z.infer<typeof hostBudgetRowSchema>;

export const hostBudgetListSchema = z.object({ hosts: z.array(hostBudgetRowSchema) });
export type HostBudgetList = z.infer<typeof hostBudgetListSchema>;
