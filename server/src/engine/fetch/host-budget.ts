import type { PlatformInfo } from "@common/platforms";

/** A retailer host's request budget, for every engine process together. */
export interface HostBudget {
  perMinute: number;
  atOnce: number;
}

/** 4 at once, 100 ms apart: the per-process politeness the engine always had, now for all processes */
export const DEFAULT_HOST_BUDGET: HostBudget = { perMinute: 600, atOnce: 4 };

/** what the budgets of the hosts are read from */
export interface BudgetSources {
  platforms: readonly Pick<PlatformInfo, "hosts" | "budget">[];
  /** the admin's budgets per host name (Settings → Sistema) */
  overrides?: ReadonlyMap<string, HostBudget>;
}

const onHost = (host: string, hosts: readonly string[]) =>
  hosts.some((h) => host === h || host.endsWith(`.${h}`));

/** the admin's budget for the host, else its platform's, else the default */
export function budgetOf(host: string, sources: BudgetSources): HostBudget {
  const name = host.toLowerCase();
  const set = sources.overrides?.get(name);
  if (set) return set;
  return sources.platforms.find((p) => p.budget && onHost(name, p.hosts))?.budget ?? DEFAULT_HOST_BUDGET;
}
