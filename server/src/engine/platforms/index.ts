import { PLATFORM_KEYS } from "@common/platforms";
import { jsonLdAdapter } from "./support/jsonld";
import { shopifyAdapter } from "./support/shopify";
import { settleVerdict } from "./support/verdict";
import type { PlatformAdapter, PlatformModule } from "./types";

/**
 * The registry is derived from the catalogue: for every key of common/platforms.ts it loads this
 * folder's `<key>.ts`, which exports the platform's record under the key's name. Adding a platform adds no
 * line here; a key without its file (or a file whose record has another key) stops the start.
 */
export const PLATFORM_MODULES: readonly PlatformModule[] = await Promise.all(
  PLATFORM_KEYS.map(async (key) => {
    const file: Record<string, PlatformModule | undefined> = await import(`./${key}.ts`);
    const record = file[key];
    if (record?.key !== key)
      throw new Error(`server/src/engine/platforms/${key}.ts must export \`${key}\`, its record`);
    return record;
  }),
);

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
