import { z } from "zod";

const base64url = (what: string, min: number, max: number) =>
  z
    .string({ error: `${what} obrigatória` })
    .min(min, `${what} inválida`)
    .max(max, `${what} inválida`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${what} inválida`);

/** a browser's PushSubscription as `subscription.toJSON()` gives it */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: "Endereço da subscrição obrigatório" })
    .max(2000, "Endereço da subscrição demasiado longo")
    .url("Endereço da subscrição inválido")
    .refine((u) => u.startsWith("https://") || u.startsWith("http://"), "Endereço da subscrição inválido"),
  keys: z.object({
    p256dh: base64url("Chave do dispositivo", 80, 100),
    auth: base64url("Chave do dispositivo", 16, 30),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({
  endpoint: z
    .string({ error: "Endereço da subscrição obrigatório" })
    .max(2000, "Endereço da subscrição demasiado longo"),
});

/** GET /api/push/key: the server's VAPID public key */
export const pushKeySchema = z.object({ publicKey: z.string() });
