/**
 * MONITOR_REDIRECT: tests, demos and benchmarks send the engine's outgoing requests
 * to local stand-ins. Origin → origin; path and query are kept; the target may be loopback.
 */
export function rewriteUrl(
  raw: string,
  redirects: ReadonlyMap<string, string>,
): { url: string; redirected: boolean } {
  if (redirects.size === 0) return { url: raw, redirected: false };
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return { url: raw, redirected: false };
  }
  const target = redirects.get(parsed.origin);
  if (!target) return { url: raw, redirected: false };
  return { url: `${target}${parsed.pathname}${parsed.search}`, redirected: true };
}
