import { readdirSync } from "node:fs";
import { PlatformCatalogue, type PlatformInfo, platformInfoSchema } from "@common/platforms";
import { jsonLdAdapter } from "./support/jsonld";
import { shopifyAdapter } from "./support/shopify";
import { settleVerdict } from "./support/verdict";
import type { PlatformAdapter, PlatformModule } from "./types";

/** this folder's platform files: every `<key>.ts` beside this one but the tests and the types */
export function platformFiles(folder: URL): string[] {
  const extension = /\.[cm]?[jt]s$/;
  return readdirSync(folder)
    .filter((name) => extension.test(name) && !/\.test\./.test(name) && !/\.d\.ts$/.test(name))
    .filter((name) => !/^(index|types)\./.test(name))
    .sort();
}

/**
 * Loads every platform file of `folder`: each exports its record under its key's name (the file's
 * name). Adding a platform is adding its file; a file without its record, or with another key, or
 * two records of one key stop the start.
 */
export async function loadPlatforms(folder: URL): Promise<PlatformModule[]> {
  const records = await Promise.all(
    platformFiles(folder).map(async (name) => {
      const key = name.replace(/\.[^.]+$/, "");
      const file: Record<string, PlatformModule | undefined> = await import(new URL(name, folder).href);
      const record = file[key];
      if (record?.key !== key) throw new Error(`${name} must export \`${key}\`, its record`);
      return record;
    }),
  );
  return records.sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
}

export const PLATFORM_MODULES: readonly PlatformModule[] = await loadPlatforms(
  new URL("./", import.meta.url),
);

/** a record's catalogue entry: what the browser gets of it (GET /api/platforms), the engine's parts left out */
export const catalogueEntry = (record: PlatformModule): PlatformInfo => platformInfoSchema.parse(record);

/** the platforms as the product modal offers them, with every rule read from them */
export const CATALOGUE = new PlatformCatalogue(PLATFORM_MODULES.map(catalogueEntry));

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
