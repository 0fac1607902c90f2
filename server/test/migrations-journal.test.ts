import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.join(import.meta.dirname, "../src/db/migrations");
const journal = JSON.parse(fs.readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")) as {
  entries: { idx: number; tag: string; when: number }[];
};

/**
 * drizzle runs on an existing installation only the migrations whose `when` is above the last one
 * it ran: an entry whose `when` is not above every earlier one's is skipped there without a word,
 * though a fresh database (every test's) runs it.
 */
describe("the migrations' journal", () => {
  it("lists every migration file once, in order", () => {
    const files = fs
      .readdirSync(dir)
      .filter((f) => /^\d{4}_.+\.sql$/.test(f))
      .map((f) => f.slice(0, -4))
      .sort();
    expect(journal.entries.map((e) => e.tag)).toEqual(files);
    expect(journal.entries.map((e) => e.idx)).toEqual(files.map((_, i) => i));
  });

  it("gives each migration a time above every earlier one's, so an installation runs every new one", () => {
    const late = journal.entries.filter((e, i) => i > 0 && e.when <= journal.entries[i - 1].when);
    expect(late.map((e) => e.tag)).toEqual([]);
  });
});
