import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that took longest (35–135 s each, 30 Nov 2026, 2-core machine), started first. Vitest
 * orders a run by the durations it cached, but a clean clone (CI) has no cache and Vitest then
 * starts the largest files first: the two authorization matrices, the smallest files and ~57 s
 * each, started last and ran alone for the suite's last minute. A file missing here only starts
 * later; a run with a cache keeps Vitest's own order after these.
 */
const LONGEST_FIRST = [
  "server/test/backup.test.ts",
  "server/test/engine-alerts.test.ts",
  "server/test/engine-settled.test.ts",
  "server/test/notifier-hostile.test.ts",
  "server/test/outbox-order-crash.test.ts",
  "server/test/engine-targets.test.ts",
  "server/src/db/pglite-thread.test.ts",
  "server/test/engine-search.test.ts",
  "server/test/authorization-matrix-1.test.ts",
  "server/test/authorization-matrix-2.test.ts",
  "server/test/engine-browser.test.ts",
  "server/test/engine-price-rules.test.ts",
  "server/test/engine-targets-crash.test.ts",
  "server/test/engine-hostile.test.ts",
  "server/test/migration-usernames.test.ts",
  "server/test/issue27-hostile.test.ts",
  "server/test/engine-budgets.test.ts",
];

export default class LongestFirstSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.indexOf(path.relative(this.ctx.config.root, file.moduleId));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // a stable sort: the files not listed keep Vitest's order
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}
