import { catalogueLeaves, catalogueVariables } from "@common/catalogue-keys";
import { describe, expect, it } from "vitest";
import { resources } from "./resources";

const leaves = catalogueLeaves;
const variables = catalogueVariables;

describe("catalogues", () => {
  const namespaces = Object.keys(resources.pt) as (keyof typeof resources.pt)[];

  for (const language of ["en", "es"] as const) {
    for (const ns of namespaces) {
      // `messages` is keyed by the pt-PT text itself, so pt needs no entries: en and es must agree
      const source = ns === "messages" ? resources.en[ns] : resources.pt[ns];
      it(`${language}/${ns} has every key of the source, no other, none empty, the same {{variables}}`, () => {
        const expected = leaves(source);
        const actual = leaves(resources[language][ns]);
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

  it("pt has no messages of its own (its texts are the keys)", () => {
    expect(resources.pt.messages).toEqual({});
  });
});
