/**
 * One engine worker in a process of its own, for the tests that kill workers (kill -9): the same
 * startEngine as `npm run worker`, with the stand-ins' origins and short leases from the environment.
 * ENGINE_CHILD = JSON {databaseUrl, workerId, redirects: [[origin, standIn]…], productLeaseMs,
 * notifierLeaseMs, webhookTimeoutMs, budget?}. Tells its parent "ready" once running.
 */
import { openDatabase } from "../src/db/client.js";
import { startEngine } from "../src/engine/start.js";

export interface ChildOptions {
  databaseUrl: string;
  workerId: string;
  redirects: [string, string][];
  productLeaseMs: number;
  notifierLeaseMs: number;
  webhookTimeoutMs: number;
  /** one host held to a real budget, shared with the other processes through their allotments */
  budget?: { origin: string; perMinute: number; atOnce: number; renewMs: number; ttlMs: number };
}

async function main() {
  const o = JSON.parse(process.env.ENGINE_CHILD ?? "{}") as ChildOptions;
  const database = await openDatabase({ databaseUrl: o.databaseUrl, poolSize: 5 });
  const engine = await startEngine({
    database,
    workerId: o.workerId,
    config: { monitorProxies: [], monitorRedirect: new Map(o.redirects) },
    onError: (e) => console.error(`[${o.workerId}]`, e),
    scheduler: { startJitterMs: 0, settingsRefreshMs: 100, leaseMs: o.productLeaseMs },
    notifier: { pollMs: 100, retryBaseMs: 200, leaseMs: o.notifierLeaseMs, timeoutMs: o.webhookTimeoutMs },
    http: {
      backoff: { initialMs: 60_000, maxMs: 120_000 },
      ...(o.budget && {
        realLimitOrigins: new Set([o.budget.origin]),
        budgetOf: () => ({ perMinute: o.budget!.perMinute, atOnce: o.budget!.atOnce }),
      }),
    },
    ...(o.budget && { allotments: { renewMs: o.budget.renewMs, ttlMs: o.budget.ttlMs } }),
  });
  process.send?.("ready");
  process.once("SIGTERM", async () => {
    await engine.stop();
    await database.close();
    process.exit(0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
