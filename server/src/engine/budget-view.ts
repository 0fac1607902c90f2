/**
 * What the web side shows of the retailers' budgets: the budget each host has (the
 * admin's, the platform record's or the default), the demand its active monitors make, and the
 * intervals the stretch gives them. The products list uses it for each card's real interval,
 * Settings → Sistema for the table of hosts.
 */
import type { HostBudgetRow } from "@common/schemas/host-budgets.js";
import type { Db } from "../db/client.js";
import { BudgetOverrides } from "./fetch/budget-overrides.js";
import { budgetOf, type HostBudget } from "./fetch/host-budget.js";
import { IntervalStretch } from "./interval-stretch.js";
import { CATALOGUE } from "./platforms/index.js";

export class BudgetView {
  private readonly overrides: BudgetOverrides;
  readonly stretch: IntervalStretch;

  constructor(
    db: Db,
    private readonly budgeted: (host: string) => boolean,
  ) {
    this.overrides = new BudgetOverrides(db);
    this.stretch = new IntervalStretch({ db, budgetOf: (host) => this.budgetOf(host), budgeted });
  }

  budgetOf(host: string): HostBudget {
    return budgetOf(host, { platforms: CATALOGUE.list, overrides: this.overrides.map });
  }

  /** reads the admin's budgets, then the demand (each at most every few seconds unless `force`) */
  async refresh(force = false): Promise<void> {
    await this.overrides.refresh(force);
    await this.stretch.refresh(force);
  }

  /** every host with active monitors or an admin's budget, the busiest first */
  rows(): HostBudgetRow[] {
    const hosts = new Set([...this.stretch.hosts(), ...this.overrides.map.keys()]);
    return [...hosts]
      .map((host) => {
        const set = this.overrides.map.get(host);
        const baseline = budgetOf(host, { platforms: CATALOGUE.list });
        const platform = CATALOGUE.list.find(
          (p) => p.hosts.length > 0 && p.hosts.some((h) => host === h || host.endsWith(`.${h}`)),
        );
        const budget = set ?? baseline;
        return {
          host,
          platform: platform?.label ?? null,
          perMinute: budget.perMinute,
          atOnce: budget.atOnce,
          source: set ? ("admin" as const) : platform?.budget ? ("platform" as const) : ("default" as const),
          baseline,
          monitors: this.stretch.monitorsOf(host),
          demandPerMinute: Math.round(this.stretch.demandOf(host) * 10) / 10,
          stretchedTo: this.stretch.stretchedTo(host),
          budgeted: this.budgeted(host),
        };
      })
      .sort((a, b) => b.demandPerMinute - a.demandPerMinute || a.host.localeCompare(b.host));
  }
}
