import { unexpected } from "./blocks";
import type { ProductResult, SizeInfo, StockStatus } from "../types";

/** in_stock when a size is buyable and not low, low_stock when every buyable size is low */
export function statusFromSizes(sizes: SizeInfo[]): StockStatus {
  const buyable = sizes.filter((s) => s.available);
  if (buyable.length === 0) return "out_of_stock";
  return buyable.every((s) => s.lowStock) ? "low_stock" : "in_stock";
}

export function productFromSizes(
  sizes: SizeInfo[],
  rest: Omit<ProductResult, "kind" | "status" | "sizes" | "allSizes">,
): ProductResult {
  // no sizes at all means the answer lacked them, not that everything sold out
  if (sizes.length === 0) throw unexpected("resposta sem tamanhos nem variantes");
  return {
    kind: "product",
    status: statusFromSizes(sizes),
    sizes: sizes.filter((s) => s.available).map((s) => s.name),
    allSizes: sizes,
    ...withoutUndefined(rest),
  };
}

export function withoutUndefined<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const key in value) if (value[key] !== undefined) out[key] = value[key];
  return out as T;
}
