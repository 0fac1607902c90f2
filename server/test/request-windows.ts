/** the most requests in any `windowMs` of the log (sliding over each request's time) */
export function busiestWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let from = 0;
  for (let to = 0; to < sorted.length; to++) {
    while (sorted[to] - sorted[from] >= windowMs) from++;
    best = Math.max(best, to - from + 1);
  }
  return best;
}
