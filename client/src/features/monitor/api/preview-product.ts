import type { ProductPreview } from "@common/schemas/products";
import type { PlatformKey } from "@common/platforms";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";

/** the server reads the page once and returns what the form needs */
export const previewProduct = (input: { platform: PlatformKey; url: string; config?: string | null }) =>
  apiRequest<ProductPreview>("POST", "/api/products/preview", input);

export function usePreviewProduct() {
  return useMutation({ mutationFn: previewProduct });
}
