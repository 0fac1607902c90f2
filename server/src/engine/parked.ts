import type { LeasedTarget } from "./store.js";

interface Waiting {
  product: LeasedTarget;
  at: number;
}

/**
 * Leased products waiting aside because their user or host was at its cap, grouped by host and
 * oldest first within each host. A finished check asks for the next product that may start; with
 * hundreds parked on a few slow hosts, a host at its cap is skipped whole rather than product by
 * product (this runs after every check).
 */
export class ParkedChecks {
  private readonly byHost = new Map<string, Waiting[]>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  /**
   * `at`: when its wait begins (the scheduler gives its due time when it was leased ahead of it);
   * each host's group stays in that order
   */
  add(product: LeasedTarget, at: number): void {
    const group = this.byHost.get(product.host);
    if (!group) this.byHost.set(product.host, [{ product, at }]);
    else {
      let i = group.length;
      while (i > 0 && group[i - 1].at > at) i--;
      group.splice(i, 0, { product, at });
    }
    this.count++;
  }

  /**
   * takes the oldest product of `freed`'s user or host that may start: `hostFull` and `userFull`
   * say whether a host or a user is at its cap now
   */
  takeFor(
    freed: LeasedTarget,
    hostFull: (product: LeasedTarget) => boolean,
    userFull: (product: LeasedTarget) => boolean,
  ): LeasedTarget | null {
    let best: { group: Waiting[]; index: number; at: number } | null = null;
    for (const [host, group] of this.byHost) {
      const sameHost = host === freed.host;
      // a loop, not findIndex: this runs for every host group after every check
      let index = -1;
      for (let i = 0; i < group.length; i++) {
        const { product } = group[i];
        if ((sameHost || product.userId === freed.userId) && !userFull(product)) {
          index = i;
          break;
        }
      }
      // the host's cap is asked only of a group with a candidate: most hold none of the freed
      // check's user, and the cap's reckoning walks every host in flight
      if (index < 0 || hostFull(group[0].product)) continue;
      if (!best || group[index].at < best.at) best = { group, index, at: group[index].at };
    }
    if (!best) return null;
    return this.remove(best.group, best.index);
  }

  /** takes out, oldest first, the products waiting `maxWaitMs` or more and those beyond `limit` */
  expire(now: number, maxWaitMs: number, limit: number): LeasedTarget[] {
    const out: LeasedTarget[] = [];
    for (;;) {
      const oldest = this.oldest();
      if (!oldest) break;
      const { group } = oldest;
      if (this.count <= limit && now - group[0].at < maxWaitMs) break;
      out.push(this.remove(group, 0));
    }
    return out;
  }

  clear(): void {
    this.byHost.clear();
    this.count = 0;
  }

  private oldest(): { group: Waiting[] } | null {
    let found: Waiting[] | null = null;
    for (const group of this.byHost.values()) if (!found || group[0].at < found[0].at) found = group;
    return found ? { group: found } : null;
  }

  private remove(group: Waiting[], index: number): LeasedTarget {
    const [{ product }] = group.splice(index, 1);
    if (group.length === 0) this.byHost.delete(product.host);
    this.count--;
    return product;
  }
}
