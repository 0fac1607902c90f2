import { PLATFORMS, type PlatformKey, productIdInUrl } from "@common/platforms";
import type { PlatformModule } from "../types";

/**
 * A platform's record: its catalogue entry (label, hosts, default interval… from common/platforms.ts,
 * which the client reads too, its id rule included, through `productIdInUrl`: the one the product
 * form and the shared schema use) and what the engine adds: the header profile and the check.
 */
export function platformModule(
  key: PlatformKey,
  engine: Pick<PlatformModule, "headerProfile" | "check">,
): PlatformModule {
  return { ...PLATFORMS[key], idFromUrl: (url) => productIdInUrl(key, url), ...engine };
}
