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
journal.entries = tags.map((tag, idx) => ({
  idx,
  version: "7",
  when: known.get(tag) ?? base + Number(tag.slice(0, 4)) * 100000,
  tag,
  breakpoints: true,
}));
fs.writeFileSync(file, `${JSON.stringify(journal, null, 2)}\n`);
console.log(`${tags.length} migrações no diário`);
