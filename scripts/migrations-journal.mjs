#!/usr/bin/env node
// Rebuilds server/src/db/migrations/meta/_journal.json from the .sql files beside it.
// Entries already in the journal keep their `when` (databases in use compare against it);
// a new file NNNN_name.sql gets a `when` derived from its number, so two branches that each add
// migrations produce the same journal. On a merge conflict: `git checkout --ours` the journal, then run this.
import fs from "node:fs";
import path from "node:path";

const dir = path.resolve("server/src/db/migrations");
const file = path.join(dir, "meta", "_journal.json");
const journal = JSON.parse(fs.readFileSync(file, "utf8"));
const known = new Map(journal.entries.map((e) => [e.tag, e.when]));
const tags = fs
  .readdirSync(dir)
  .filter((f) => /^\d{4}_.+\.sql$/.test(f))
  .map((f) => f.slice(0, -4))
  .sort();
const base = 1795402200000;
// drizzle runs on an installation only the migrations whose `when` is above the last one it ran:
// a new entry's must be above every earlier one's, whatever base the earlier ones were given
let last = 0;
journal.entries = tags.map((tag, idx) => {
  const when = known.get(tag) ?? Math.max(base + Number(tag.slice(0, 4)) * 100000, last + 1000);
  last = Math.max(last, when);
  return { idx, version: "7", when, tag, breakpoints: true };
});
fs.writeFileSync(file, `${JSON.stringify(journal, null, 2)}\n`);
console.log(`${tags.length} migrações no diário`);
