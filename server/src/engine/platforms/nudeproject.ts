/** Nude Project runs on Shopify (docs/platforms.md): the generic Shopify adapter serves it. */
import { checkShopify } from "./shopify";
import type { PlatformAdapter } from "./types";

export const nudeProjectAdapter: PlatformAdapter = { key: "nudeproject", check: checkShopify };
