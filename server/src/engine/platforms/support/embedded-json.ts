/**
 * Reads a JSON object that a page embeds in a script, e.g. `window.zara.viewPayload = {…};` or
 * `window.runParams = {…}`: finds the marker, then the balanced braces after it (strings and escapes
 * respected), and parses that text. Returns undefined when the marker or a valid object is absent.
 */
export function jsonAfter(html: string, marker: string | RegExp): unknown {
  const index = typeof marker === "string" ? html.indexOf(marker) : html.search(marker);
  if (index < 0) return undefined;
  const start = html.indexOf("{", index);
  if (start < 0) return undefined;
  const end = matchingBrace(html, start);
  if (end < 0) return undefined;
  try {
    return JSON.parse(html.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

function matchingBrace(source: string, start: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < source.length; i++) {
    const ch = source[i];
    if (quote) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "{" || ch === "[") depth++;
    else if (ch === "}" || ch === "]") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** the text of `<script id="…">…</script>`, e.g. Next.js `__NEXT_DATA__` */
export function scriptById(html: string, id: string): string | undefined {
  const pattern = new RegExp(`<script[^>]*\\bid=["']${id}["'][^>]*>([\\s\\S]*?)</script>`, "i");
  return pattern.exec(html)?.[1];
}
