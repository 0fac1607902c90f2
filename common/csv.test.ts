import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvDecimal, toCsv } from "./csv.js";

/** a minimal reader of what toCsv writes, to check round trips */
function parseCsv(text: string): string[][] {
  const body = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ";") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && body[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return rows;
}

describe("csv", () => {
  it("starts with a UTF-8 BOM, separates with ';' and ends lines with CRLF", () => {
    const text = toCsv(["Nome", "Preço"], [["Ténis", csvDecimal("12.5")]]);
    expect(text).toBe(`${CSV_BOM}Nome;Preço\r\nTénis;12,50\r\n`);
    expect(new TextEncoder().encode(text).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it("writes decimals the pt-PT way", () => {
    expect(csvDecimal("1234.5")).toBe("1234,50");
    expect(csvDecimal("-3.07")).toBe("-3,07");
    expect(csvDecimal("7")).toBe("7,00");
    expect(csvDecimal(null)).toBe("");
    expect(csvDecimal("12.345", 1)).toBe("12,3");
    expect(csvCell(2.5)).toBe("2,5");
  });

  it.each(['=HYPERLINK("x")', "+1+1", "-2+3", "@SUM(A1)", "\tcmd"])("neutralises %j", (value) => {
    expect(csvCell(value).replace(/^"/, "")).toMatch(/^'/);
  });

  it("keeps negative amounts as numbers", () => {
    expect(csvCell("-12,50")).toBe("-12,50");
    expect(csvCell(-3)).toBe("-3");
  });

  it("quotes commas too, and neutralises a formula behind leading spaces", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell(" =1+1")).toBe("' =1+1");
    expect(csvCell("  -12,50")).toBe('"  -12,50"');
  });

  it("quotes separators, quotes and line breaks", () => {
    expect(csvCell('a;b "c"\nd')).toBe('"a;b ""c""\nd"');
  });

  it("round-trips any text that does not look like a formula", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 2, maxLength: 2 }), { maxLength: 5 }),
        (rows) => {
          const parsed = parseCsv(toCsv(["a", "b"], rows));
          expect(parsed).toHaveLength(rows.length + 1);
          rows.forEach((row, i) => {
            row.forEach((value, j) => {
              const expected =
                /^[=+\-@\t\r]/.test(value.replace(/^ +| +$/g, "")) &&
                !/^-?\d+(?:,\d+)?$/.test(value.replace(/^ +| +$/g, ""))
                  ? `'${value}`
                  : value;
              expect(parsed[i + 1][j]).toBe(expected);
            });
          });
        },
      ),
    );
  });
});
