/** Nude Project runs on Shopify (PLATFORMS.md Part 1 §6): the generic Shopify adapter serves it. */
import { checkShopify } from "./shopify";
import type { PlatformAdapter } from "./types";

export const nudeProjectAdapter: PlatformAdapter = { key: "nudeproject", check: checkShopify };
