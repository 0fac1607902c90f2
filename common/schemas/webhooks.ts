import { z } from "../zod-pt.js";

/** POST /api/webhooks/test: the address to send a test message to (the field's text, unsaved) */
export const webhookTestSchema = z.object({
  url: z
    .string({ error: "URL do webhook obrigatório" })
    .trim()
    .min(1, "URL do webhook obrigatório")
    .max(2000, "URL do webhook demasiado longo"),
});
export type WebhookTestInput = z.input<typeof webhookTestSchema>;

/** what the webhook did with the test message, told in Portuguese */
export const webhookTestResultSchema = z.object({
  /** the webhook accepted it (2xx) */
  ok: z.boolean(),
  /** the webhook's HTTP status; null when none came (timeout, network) */
  status: z.number().int().nullable(),
  message: z.string(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;
