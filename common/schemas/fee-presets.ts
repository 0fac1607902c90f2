import { toCents } from "../money.js";
import { SALE_PLATFORMS } from "../sale-platforms.js";
import { z } from "../zod-pt.js";
import { dayInputSchema } from "./dates.js";
import { amountSchema, optionalAmountSchema } from "./inventory.js";

export const salePlatformSchema = z.enum(SALE_PLATFORMS, { error: "Plataforma inválida" });
export const shippingPaidBySchema = z.enum(["buyer", "seller"], {
  error: "Indique quem paga o envio (comprador ou vendedor)",
});

/** a percentage 0–100 with 2 decimals; like the amounts it takes arithmetic ("5+3") */
export const percentSchema = amountSchema("Percentagem obrigatória").refine((v) => toCents(v) <= 10_000n, {
  message: "A percentagem não pode passar de 100",
});

/** POST /api/fee-presets: a new version of the user's preset for a platform, valid from today */
export const saveFeePresetSchema = z.object({
  platform: salePlatformSchema,
  percent: percentSchema,
  fixedAmount: optionalAmountSchema("0.00"),
  shippingPaidBy: shippingPaidBySchema,
});
export type SaveFeePresetInput = z.input<typeof saveFeePresetSchema>;
export type SaveFeePreset = z.output<typeof saveFeePresetSchema>;

/** GET /api/fee-presets: every version, or with `on` only those valid on that day (one a platform) */
export const feePresetsQuerySchema = z.object({ on: dayInputSchema("Data inválida").optional() });

export const feePresetSchema = z.object({
  id: z.number(),
  platform: z.string(),
  percent: z.string(),
  fixedAmount: z.string(),
  shippingPaidBy: shippingPaidBySchema,
  /** yyyy-MM-dd */
  validFrom: z.string(),
});
export type FeePreset = z.infer<typeof feePresetSchema>;
export const feePresetsSchema = z.array(feePresetSchema);
