import JSON5 from "json5";

/** what a page embeds after a marker: absent, present but unreadable (with the parser's reason), or read */
export type Embedded =
  | { found: false }
  | { found: true; value: unknown; problem?: undefined }
  | { found: true; value?: undefined; problem: string };

/**
 * Reads an object that a page embeds in a script, e.g. `window.zara.viewPayload = {…};` or
 * `window.runParams = { data: {…} }`: finds the marker, then the balanced braces after it (strings and
 * escapes respected), and parses that text as JSON or, failing that, as a JavaScript object literal
 * (unquoted keys, single quotes, trailing commas: JSON5), since pages write either.
 */
export function objectAfter(html: string, marker: string | RegExp): Embedded {
  const index = typeof marker === "string" ? html.indexOf(marker) : html.search(marker);
  if (index < 0) return { found: false };
  const start = html.indexOf("{", index);
  if (start < 0) return { found: true, problem: "sem objeto depois do marcador" };
  const end = matchingBrace(html, start);
  if (end < 0) return { found: true, problem: "objeto sem fim" };
  const source = html.slice(start, end + 1);
  try {
    return { found: true, value: JSON.parse(source) };
  } catch {
    try {
      return { found: true, value: JSON5.parse(source) };
    } catch (error) {
      return { found: true, problem: error instanceof Error ? error.message : String(error) };
    }
  }
}

/** the object after the marker, or undefined when it is absent or unreadable */
export function jsonAfter(html: string, marker: string | RegExp): unknown {
  const embedded = objectAfter(html, marker);
  return embedded.found ? embedded.value : undefined;
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
    if (ch === '"' || ch === "'" || ch === "`") quote = ch;
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
