import type { Db } from "../db/client.js";
import { BudgetView } from "./budget-view.js";
import { CATALOGUE } from "./platforms/index.js";
import { hostOf } from "./platforms/support/blocks.js";

/**
 * The web side's one door into the engine (Biome refuses any other engine import in routes/): the
 * running engine's handle below, the platform catalogue, the on-demand work (preview, "Testar
 * agora", "Testar webhook") and the intervals the product list shows.
 */
export { BudgetView, CATALOGUE };
export { OnDemandRefusal, OnDemandWork, type ProductToTest } from "./on-demand.js";

/**
 * The web side's view of the retailers' budgets, one per app: Settings → Sistema writes through it
 * and reads it again at once, so the products list, planning with the same view, shows a saved
 * budget at its next reading. Stand-ins (MONITOR_REDIRECT) have no budget.
 */
export function budgetView(db: Db, redirects: ReadonlyMap<string, unknown>): BudgetView {
  // the admin's budgets (Settings → Sistema) over the platforms' records
  return new BudgetView(db, (host) => !redirects.has(`https://${host}`));
}

/** the interval the engine really gives a monitor, stretched where its site's budget is exceeded */
export const monitorInterval = (
  view: BudgetView,
  p: { url: string; userId: number; checkInterval: number },
): number => view.stretch.intervalFor(hostOf(p.url), p.userId, p.checkInterval);

/** What the web side may ask of the engine, wherever it runs. */
export interface EngineHandle {
  /** a product was created or turned on: check it now rather than after a full interval */
  checkSoon(productId: number): void;
  /** for /api/health: null when the engine does not run in this process */
  health(): EngineHealth | null;
}

export const noEngine: EngineHandle = {
  checkSoon: () => {},
  health: () => null,
};

export interface EngineHealth {
  running: boolean;
  lagMsP99: number | null;
  checksLastMinute: number;
  /** ISO time the engine started */
  startedAt?: string;
  /** ISO time the last check finished; null before the first */
  lastCheckAt?: string | null;
}
