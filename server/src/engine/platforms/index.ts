import type { PlatformKey } from "@common/platforms";
import { aliexpressAdapter } from "./aliexpress";
import { calzedoniaAdapter } from "./calzedonia";
import { fnacAdapter } from "./fnac";
import { havaianasAdapter } from "./havaianas";
import { hmAdapter } from "./hm";
import { jsonLdAdapter } from "./jsonld";
import { levisAdapter } from "./levis";
import { nudeProjectAdapter } from "./nudeproject";
import { popmartAdapter } from "./popmart";
import { shopifyAdapter } from "./shopify";
import type { PlatformAdapter } from "./types";
import { settleVerdict } from "./verdict";
import { vintedAdapter } from "./vinted";
import { wortenAdapter } from "./worten";
import { zaraAdapter } from "./zara";

/** the catalogue's platforms plus the generic adapters any store can use */
export type AdapterKey = PlatformKey | "shopify" | "jsonld";

/** every adapter's answer passes the one verdict rule (verdict.ts) before the engine sees it */
const gated = (adapter: PlatformAdapter): PlatformAdapter => ({
  key: adapter.key,
  check: async (ctx) => settleVerdict(await adapter.check(ctx)),
});

const RAW_ADAPTERS: Record<AdapterKey, PlatformAdapter> = {
  zara: zaraAdapter,
  aliexpress: aliexpressAdapter,
  popmart: popmartAdapter,
  hm: hmAdapter,
  calzedonia: calzedoniaAdapter,
  havaianas: havaianasAdapter,
  vinted: vintedAdapter,
  worten: wortenAdapter,
  fnac: fnacAdapter,
  levis: levisAdapter,
  nudeproject: nudeProjectAdapter,
  shopify: shopifyAdapter,
  jsonld: jsonLdAdapter,
};

const ADAPTERS = Object.fromEntries(
  Object.entries(RAW_ADAPTERS).map(([key, adapter]) => [key, gated(adapter)]),
) as Record<AdapterKey, PlatformAdapter>;

export function getAdapter(key: string): PlatformAdapter | undefined {
  return Object.hasOwn(ADAPTERS, key) ? ADAPTERS[key as AdapterKey] : undefined;
}

export const ADAPTER_KEYS = Object.keys(ADAPTERS) as AdapterKey[];
export { CheckFailure } from "./types";
export type { AdapterContext, CheckResult, HttpClient, PlatformAdapter } from "./types";
