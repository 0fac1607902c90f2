import { canonicalPlatform } from "../sale-platforms.js";
import { z } from "../zod-pt.js";
import { dateInputSchema } from "./dates.js";
import { amountSchema, optionalAmountSchema, optionalText } from "./inventory.js";

/** POST /api/sales. A profit sent by the client is ignored: the server computes it. */
export const createSaleSchema = z.object({
  inventoryItemId: z.coerce
    .number({ error: "Selecione um item" })
    .int("Selecione um item")
    .min(1, "Selecione um item"),
  salePrice: amountSchema("Preço de venda obrigatório"),
  saleDate: dateInputSchema("Data da venda obrigatória").optional(),
  buyer: optionalText(200),
  platform: z
    .string({ error: "Plataforma obrigatória" })
    .trim()
    .min(1, "Plataforma obrigatória")
    .max(100, "Máximo 100 caracteres")
    .transform(canonicalPlatform),
  fees: optionalAmountSchema("0.00"),
  profit: z.unknown().optional(),
});
/** PUT /api/sales/{id}: the sale's own fields; a field left out keeps its value */
export const updateSaleSchema = createSaleSchema
  .pick({ salePrice: true, saleDate: true, buyer: true, platform: true, fees: true })
  .partial();
export type UpdateSaleInput = z.input<typeof updateSaleSchema>;
export type UpdateSale = z.output<typeof updateSaleSchema>;

export type CreateSaleInput = z.input<typeof createSaleSchema>;
export type CreateSale = z.output<typeof createSaleSchema>;

export interface SaleItemSummary {
  id: number;
  name: string;
  sku: string | null;
  size: string | null;
  price: string;
  shippingPrice: string;
}

export interface Sale {
  id: number;
  inventoryItemId: number | null;
  salePrice: string;
  saleDate: string;
  buyer: string | null;
  platform: string | null;
  fees: string;
  profit: string;
  createdAt: string;
  item: SaleItemSummary | null;
}
