import { type CheckLog, finishLog, newCheckLog, recordingClient } from "./check-detail.js";
import { hostOf } from "./platforms/support/blocks.js";
import { getAdapter } from "./platforms/index.js";
import {
  CheckFailure,
  type CheckResult,
  type HttpClient,
  type PlatformAdapter,
  type ProductToCheck,
} from "./platforms/types.js";
import type { EngineHttp } from "./fetch/http-client.js";
import { abortFailure, timeoutFailure, toCheckFailure } from "./fetch/transport.js";
import type { LeasedProduct } from "./store.js";
import type { BrowserRoute } from "./browser/browser-route.js";

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

export interface CheckLimits {
  /** epoch ms by which the check gives up as `timeout` (its requests and its parse included) */
  deadline: number;
  /** aborts the check from outside (shutdown); the outcome is then the signal's reason */
  signal?: AbortSignal;
  /** back the host off after a block (default); a preview only reports it */
  reportBlocks?: boolean;
  /**
   * epoch ms past which nothing of the check may run (the scheduler: its lease's end minus a
   * margin); a browser try after a block gets its own time up to this bound. Default: `deadline`.
   */
  hardDeadline?: number;
}

/** what a check needs of a product */
export type ProductToRun = Pick<LeasedProduct, "platform" | "url" | "productCode" | "config" | "variants">;

export type CheckRun = (product: ProductToRun, limits: CheckLimits) => Promise<CheckResult | CheckFailure>;

/** the log of the check that produced an outcome (what it sent and got back) */
const logs = new WeakMap<object, CheckLog>();
export const checkLogOf = (outcome: CheckResult | CheckFailure): CheckLog | undefined => logs.get(outcome);

/**
 * Runs one product through its platform's adapter (see runAdapter); a blocked check of a
 * browser-capable platform gets a second try through the browser route when there is one. The
 * scheduler and "Testar agora" both come here: one path for a check, whose log `checkLogOf` gives.
 */
export function createCheckRunner(
  http: EngineHttp,
  lookup: AdapterLookup = getAdapter,
  browser: BrowserRoute | null = null,
): CheckRun {
  return async (product, limits) => {
    const adapter = lookup(product.platform);
    if (!adapter) {
      return new CheckFailure("unexpected", `Plataforma sem verificador: ${product.platform}`);
    }
    const toCheck = {
      url: product.url,
      productId: product.productCode,
      config: parseObject(product.config),
      variants: parseVariants(product.variants),
    };
    const log = newCheckLog();
    const outcome = await runAdapter(http, adapter, product.platform, toCheck, limits, log);
    const value =
      browser && outcome instanceof CheckFailure && outcome.reason === "blocked" && !limits.signal?.aborted
        ? await browser.afterBlock(
            product.platform,
            adapter,
            toCheck,
            outcome,
            outcome.host ?? hostOf(product.url),
            {
              deadline: limits.hardDeadline ?? limits.deadline,
              signal: limits.signal,
            },
          )
        : outcome;
    finishLog(log, value instanceof CheckFailure || !("kind" in value));
    logs.set(value, log);
    return value;
  };
}

const withLog = (client: HttpClient, log: CheckLog | undefined) =>
  log ? recordingClient(client, log) : client;

/**
 * One adapter check; every failure becomes a CheckFailure value. It ends by its deadline whatever
 * the host does: its requests are aborted (sockets destroyed) and the outcome is `timeout`.
 */
export async function runAdapter(
  http: EngineHttp,
  adapter: PlatformAdapter,
  platform: string,
  product: ProductToCheck,
  limits: CheckLimits,
  /** where the check's exchanges are written (the last-check detail); none for a preview */
  log?: CheckLog,
): Promise<CheckResult | CheckFailure> {
  const remaining = limits.deadline - Date.now();
  if (remaining <= 0) return timeoutFailure();
  const controller = new AbortController();
  const signal = controller.signal;
  const timer = setTimeout(() => controller.abort(timeoutFailure()), remaining);
  const outside = limits.signal;
  const forward = () => controller.abort(outside?.reason);
  if (outside?.aborted) forward();
  else outside?.addEventListener("abort", forward, { once: true });
  let giveUp: (() => void) | null = null;
  const gaveUp = new Promise<never>((_resolve, reject) => {
    giveUp = () => reject(abortFailure(signal));
    if (signal.aborted) giveUp();
    else signal.addEventListener("abort", giveUp, { once: true });
  });
  gaveUp.catch(() => {});
  try {
    // an adapter that waits on something else than its requests still ends at the deadline
    return await Promise.race([
      adapter.check({
        http: withLog(
          http.forCheck(platform, adapter.headerProfile, { signal, deadline: limits.deadline }),
          log,
        ),
        product,
        signal,
      }),
      gaveUp,
    ]);
  } catch (error) {
    const failure =
      error instanceof CheckFailure
        ? error
        : error instanceof TypeError || error instanceof SyntaxError
          ? new CheckFailure("unexpected", `Formato inesperado: ${error.message}`)
          : toCheckFailure(error);
    if (failure.reason === "blocked" && limits.reportBlocks !== false)
      http.limiter.reportBlocked(failure.host ?? hostOf(product.url), failure.wall);
    return failure;
  } finally {
    clearTimeout(timer);
    outside?.removeEventListener("abort", forward);
    if (giveUp) signal.removeEventListener("abort", giveUp);
  }
}
