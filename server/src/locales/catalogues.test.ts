import { catalogueLeaves, catalogueVariables } from "@common/catalogue-keys.js";
import { describe, expect, it } from "vitest";
import { serverResources, translator } from "../i18n.js";

const leaves = catalogueLeaves;
const variables = catalogueVariables;

describe("server catalogues", () => {
  const namespaces = Object.keys(serverResources.pt) as (keyof typeof serverResources.pt)[];

  for (const language of ["en", "es"] as const) {
    for (const ns of namespaces) {
      it(`${language}/${ns} has every key of pt, no other, none empty, the same {{variables}}`, () => {
        const expected = leaves(serverResources.pt[ns]);
        const actual = leaves(serverResources[language][ns]);
        expect(
          [...expected.keys()].filter((k) => !actual.has(k)),
          "missing",
        ).toEqual([]);
        expect(
          [...actual.keys()].filter((k) => !expected.has(k)),
          "unknown",
        ).toEqual([]);
        for (const [key, text] of actual) {
          expect(text.trim(), `${language}/${ns}:${key}`).not.toBe("");
          expect(variables(text), `${language}/${ns}:${key}`).toEqual(variables(expected.get(key) ?? ""));
        }
      });
    }
  }

  it("an unknown or missing language is pt-PT; a product's name is never read as a template", () => {
    expect(translator(undefined)("title.restock")).toBe("Em stock");
    expect(translator("fr")("title.restock")).toBe("Em stock");
    expect(translator("en")("title.restock")).toBe("In stock");
    expect(translator("es")("title.restock")).toBe("En stock");
    const name = "{{n}} $t(title.sold_out) <b>";
    expect(translator("en")("summary.newItems", { name, n: 2 })).toBe(`${name}: 2 new item(s)`);
  });
});
