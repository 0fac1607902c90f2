/** Small readers for untrusted JSON: retailers change shapes, so nothing is trusted by its type. */

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function record(value: unknown): Json | undefined {
  return isRecord(value) ? value : undefined;
}

/** arrays, and objects keyed "0", "1", … (AliExpress sends `skuPaths` either way) */
export function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isRecord(value)) return Object.values(value);
  return [];
}

export function text(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim() || undefined;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

export function num(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

/** value at a dotted path, e.g. at(obj, "data.product.name") */
export function at(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split(".")) {
    if (Array.isArray(current) && /^\d+$/.test(key)) current = current[Number(key)];
    else if (isRecord(current)) current = current[key];
    else return undefined;
  }
  return current;
}

/** protocol-relative (`//cdn…`) and relative image URLs made absolute https */
export function absoluteUrl(url: unknown, base: string): string | undefined {
  const value = text(url);
  if (!value) return undefined;
  try {
    const resolved = new URL(value.startsWith("//") ? `https:${value}` : value, base);
    return resolved.protocol === "http:" || resolved.protocol === "https:" ? resolved.href : undefined;
  } catch {
    return undefined;
  }
}
