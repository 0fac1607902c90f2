/** What the catalogue tests (client and server) compare between languages. */

/** "a.b.c" → text for every leaf; plural forms (_one, _other, _many…) count as their base key */
export function catalogueLeaves(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, text] of catalogueLeaves(child, prefix ? `${prefix}.${key}` : key))
        out.set(path, text);
    }
  } else {
    out.set(prefix.replace(/_(zero|one|two|few|many|other)$/, ""), String(value));
  }
  return out;
}

/** the {{variables}} a text interpolates, sorted */
export const catalogueVariables = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
