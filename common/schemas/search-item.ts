import { z } from "../zod-pt.js";

/** a search's item as the API sends it (common/search-rules.ts `SearchItem`) */
export const searchItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  price: z.string().nullable(),
  currency: z.string().optional(),
  url: z.string(),
  imageUrl: z.string().optional(),
  size: z.string().optional(),
  brand: z.string().optional(),
  condition: z.string().optional(),
  totalPrice: z.string().optional(),
  sellerRating: z.number().optional(),
  publishedAt: z.string().optional(),
  sizes: z.array(z.string()).optional(),
  available: z.boolean().optional(),
});
