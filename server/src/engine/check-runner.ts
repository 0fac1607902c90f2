import { hostOf } from "./platforms/blocks.js";
import { getAdapter } from "./platforms/index.js";
import { CheckFailure, type CheckResult, type PlatformAdapter } from "./platforms/types.js";
import type { EngineHttp } from "./fetch/http-client.js";
import { toCheckFailure } from "./fetch/transport.js";
import type { LeasedProduct } from "./store.js";

export type AdapterLookup = (key: string) => PlatformAdapter | undefined;

const parseObject = (text: string | null): Record<string, unknown> => {
  if (!text) return {};
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
};

const parseVariants = (text: string | null): string[] => {
  if (!text) return [];
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
};

/** Runs one product through its platform's adapter; every failure becomes a CheckFailure value. */
export function createCheckRunner(http: EngineHttp, lookup: AdapterLookup = getAdapter) {
  return async (product: LeasedProduct): Promise<CheckResult | CheckFailure> => {
    const adapter = lookup(product.platform);
    if (!adapter) return new CheckFailure("unexpected", `Plataforma sem verificador: ${product.platform}`);
    try {
      return await adapter.check({
        http: http.forPlatform(product.platform),
        product: {
          url: product.url,
          productId: product.productCode,
          config: parseObject(product.config),
          variants: parseVariants(product.variants),
        },
      });
    } catch (error) {
      const failure =
        error instanceof CheckFailure
          ? error
          : error instanceof TypeError || error instanceof SyntaxError
            ? new CheckFailure("unexpected", `Formato inesperado: ${error.message}`)
            : toCheckFailure(error);
      if (failure.reason === "blocked") http.limiter.reportBlocked(failure.host ?? hostOf(product.url));
      return failure;
    }
  };
}
