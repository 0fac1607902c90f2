import { isPlatformKey, PLATFORMS } from "@common/platforms";
import { parseJsonList, type ProductDto } from "@common/schemas/products";
import { PRODUCT_STATUS_LABELS, type ProductStatus } from "@common/status";
import type { BadgeProps } from "@/components/ui/badge";

export type StatusFilter = "all" | "in_stock" | "out_of_stock" | "unknown";

export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  all: "Todos os estados",
  in_stock: "Em Stock",
  out_of_stock: "Fora de Stock",
  unknown: "Desconhecido",
};

export const platformLabel = (key: string) => (isPlatformKey(key) ? PLATFORMS[key].label : key);

/** a vinted profile not yet read says 'Perfil' */
export function statusLabel(product: Pick<ProductDto, "status" | "platform">): string {
  if (product.platform === "vinted" && product.status === "unknown") return "Perfil";
  return PRODUCT_STATUS_LABELS[product.status as ProductStatus] ?? product.status;
}

export function statusVariant(status: string): BadgeProps["variant"] {
  switch (status) {
    case "in_stock":
    case "vinted_active":
      return "success";
    case "low_stock":
    case "vinted_vacation":
      return "warning";
    case "out_of_stock":
      return "destructive";
    default:
      return "secondary";
  }
}

export const isSoldOut = (product: Pick<ProductDto, "status">) => product.status === "out_of_stock";

/** a failing check says so instead of showing a stale verdict as fresh */
export const hasCheckFailure = (product: Pick<ProductDto, "failureStreak">) => product.failureStreak > 0;

export const productSizes = (product: Pick<ProductDto, "availableSizes">) =>
  parseJsonList(product.availableSizes);

/** the platform's own page for the product: zara by its id, the others their store */
export function platformPageUrl(product: Pick<ProductDto, "platform" | "productId" | "url">): string {
  if (product.platform === "zara" && /^\d+$/.test(product.productId)) {
    return `https://www.zara.com/pt/pt/-p${product.productId}.html`;
  }
  try {
    return new URL(product.url).origin;
  } catch {
    return product.url;
  }
}

/** status filter of the Monitor: 'unknown' also takes the statuses that are neither in nor out */
export function matchesStatusFilter(product: Pick<ProductDto, "status">, filter: StatusFilter): boolean {
  if (filter === "all") return true;
  if (filter === "in_stock") return product.status === "in_stock" || product.status === "low_stock";
  return product.status === filter;
}
