import { createHash } from "node:crypto";

/** what decides what the engine fetches for a product, and so which target it shares */
export interface TargetSource {
  platform: string;
  monitorType: string;
  url: string;
  /** the id the user typed or the modal read (products.product_id) */
  productCode: string;
  /** JSON text of the platform configuration, or null */
  config: string | null;
  /** JSON text of the watched variants (AliExpress), or null */
  variants: string | null;
}

/**
 * query parameters that only say where a visitor came from: two users pasting the same page from a
 * newsletter and from a search share one fetch
 */
const TRACKING_PARAM =
  /^(utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|srsltid|_pos|_sid|_ss|_psq|_v|ref|referrer|igshid)$/i;

/**
 * The page a URL names, written one way: scheme and host in lower case, no fragment, no trailing
 * slash, tracking parameters dropped and the others sorted (their order never changes the answer).
 * Path and remaining query are kept as typed: retailers read colour, size or country from them.
 */
export function canonicalUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return url.trim();
  }
  const params = [...parsed.searchParams.entries()]
    .filter(([name]) => !TRACKING_PARAM.test(name))
    .sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a < b ? -1 : 1));
  const query = new URLSearchParams(params).toString();
  const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, "") : "";
  const port = parsed.port ? `:${parsed.port}` : "";
  return `${parsed.protocol}//${parsed.hostname.toLowerCase()}${port}${path}${query ? `?${query}` : ""}`;
}

/** JSON with object keys sorted at every level, so {"a":1,"b":2} and {"b":2,"a":1} are one text */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null && v !== "")
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function parsedOr<T>(text: string | null, empty: T): unknown {
  if (!text) return empty;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** the watched variants as a set: order and repeats do not change what is read */
function variantSet(text: string | null): unknown {
  const value = parsedOr(text, []);
  return Array.isArray(value) ? [...new Set(value.map(String))].sort() : value;
}

/** the canonical description of what is fetched, readable (logs, tests) */
export function targetDescription(source: TargetSource): string {
  return stableJson({
    type: source.monitorType,
    url: canonicalUrl(source.url),
    id: source.productCode.trim(),
    config: parsedOr(source.config, {}),
    variants: variantSet(source.variants),
  });
}

/**
 * The key two products share exactly when one fetch serves both (with the platform, the unique key
 * of monitor_targets). Everything the adapter reads is in it: the URL, the id, the whole
 * configuration (a threshold changes the reading too) and the watched variants; what only concerns
 * one user (name, interval, channels, webhook) is not.
 */
export function targetKey(source: TargetSource): string {
  return createHash("sha256").update(targetDescription(source)).digest("base64url");
}
