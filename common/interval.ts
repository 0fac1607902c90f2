/**
 * Check intervals: kept and sent in milliseconds (products.check_interval, the API), typed and shown
 * in seconds everywhere a person sees one. The one conversion both ways.
 */

/** 1 s – 1 h */
export const MIN_CHECK_INTERVAL_MS = 1_000;
export const MAX_CHECK_INTERVAL_MS = 3_600_000;
export const MIN_CHECK_INTERVAL_SECONDS = MIN_CHECK_INTERVAL_MS / 1000;
export const MAX_CHECK_INTERVAL_SECONDS = MAX_CHECK_INTERVAL_MS / 1000;

/** 20000 → 20; 1500 → 1.5 (an interval saved through the API may hold any whole millisecond) */
export function msToSeconds(ms: number): number {
  return ms / 1000;
}

/** 20 → 20000; 1.5 → 1500; rounded to the millisecond, the unit kept */
export function secondsToMs(seconds: number): number {
  return Math.round(seconds * 1000);
}

/**
 * What a person typed in seconds ("20", "1,5", " 90 ") as milliseconds; null when it is empty or
 * not a finite number. Range is the schema's business.
 */
export function parseSecondsToMs(text: string): number | null {
  const clean = text.trim().replace(",", ".");
  if (clean === "" || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(clean)) return null;
  const seconds = Number(clean);
  return Number.isFinite(seconds) ? secondsToMs(seconds) : null;
}

/** milliseconds as the seconds field shows them, the pt-PT way: "20", "1,5" */
export function secondsText(ms: number): string {
  return Number.isFinite(ms) ? String(msToSeconds(ms)).replace(".", ",") : "";
}

/**
 * A new monitor's interval: the installation's default (Settings → Global, in seconds), but never
 * faster than the platform's own default, the pace its site tolerates; the platform's alone when
 * there is no installation default.
 */
export function startingInterval(platformDefaultMs: number, globalDefaultSeconds?: number): number {
  if (!globalDefaultSeconds) return platformDefaultMs;
  return Math.max(platformDefaultMs, secondsToMs(globalDefaultSeconds));
}
