import { z } from "../zod-pt.js";

/** answers that only say what was done, e.g. DELETE's { message: "Produto removido" } */
export const messageAnswerSchema = z.object({ message: z.string() });

/** Web Push's subscribe and unsubscribe */
export const okAnswerSchema = z.object({ ok: z.boolean() });
