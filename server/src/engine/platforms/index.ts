import { aliexpress } from "./aliexpress";
import { calzedonia } from "./calzedonia";
import { fnac } from "./fnac";
import { havaianas } from "./havaianas";
import { hm } from "./hm";
import { levis } from "./levis";
import { nudeproject } from "./nudeproject";
import { popmart } from "./popmart";
import { jsonLdAdapter } from "./support/jsonld";
import { shopifyAdapter } from "./support/shopify";
import { settleVerdict } from "./support/verdict";
import type { PlatformAdapter, PlatformModule } from "./types";
import { vinted } from "./vinted";
import { worten } from "./worten";
import { zara } from "./zara";

/** one module per platform of the catalogue (index.test.ts holds the two lists equal) */
export const PLATFORM_MODULES: readonly PlatformModule[] = [
  zara,
  aliexpress,
  popmart,
  hm,
  calzedonia,
  havaianas,
  vinted,
  worten,
  fnac,
  levis,
  nudeproject,
];

/** adapters for any store that runs the software they read, beside the catalogue's platforms */
const GENERIC_ADAPTERS: readonly PlatformAdapter[] = [shopifyAdapter, jsonLdAdapter];

/** every adapter's answer passes the one verdict rule (support/verdict.ts) before the engine sees it */
const gated = <A extends PlatformAdapter>(adapter: A): A => ({
  ...adapter,
  check: async (ctx) => settleVerdict(await adapter.check(ctx)),
});

const MODULES = new Map<string, PlatformModule>(PLATFORM_MODULES.map((m) => [m.key, gated(m)]));
const ADAPTERS = new Map<string, PlatformAdapter>([
  ...MODULES,
  ...GENERIC_ADAPTERS.map((a): [string, PlatformAdapter] => [a.key, gated(a)]),
]);

/** the platform's record, its check gated; undefined for a key the catalogue does not have */
export function getPlatform(key: string): PlatformModule | undefined {
  return MODULES.get(key);
}

/** the adapter of a catalogue platform or a generic one (shopify, jsonld), its check gated */
export function getAdapter(key: string): PlatformAdapter | undefined {
  return ADAPTERS.get(key);
}

export { CheckFailure } from "./types";
export type { AdapterContext, CheckResult, HttpClient, PlatformAdapter, PlatformModule } from "./types";
