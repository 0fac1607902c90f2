import { createHash } from "node:crypto";
import type { CheckResult } from "./platforms/types.js";

/**
 * A digest of what a fetch read (status, sizes, prices, items: the whole result, its log aside):
 * two answers with the same key mean the same to every watcher, so a watcher that read one with
 * no change reads the other with none too (detection is a pure function of the stored state and
 * the result). A settled target compares keys instead of running each watcher's detection.
 */
export function readingKey(result: CheckResult): string {
  return createHash("sha1").update(JSON.stringify(result)).digest("base64");
}
