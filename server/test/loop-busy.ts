import { performance } from "node:perf_hooks";

/**
 * Runs `work` and returns how long it took and the share of that time this thread's event loop
 * spent running code rather than waiting. The share, unlike the gaps between a timer's ticks, does
 * not grow when a busy machine leaves the process waiting for a core: the tests that show work kept
 * off the loop (a worker thread's statements, the parse pool) compare it with fixed bounds.
 */
export async function loopBusyDuring(work: () => unknown): Promise<{ ms: number; busy: number }> {
  const before = performance.eventLoopUtilization();
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  return { ms, busy: performance.eventLoopUtilization(before).utilization };
}
