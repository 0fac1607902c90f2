import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildMigratedTemplate } from "./harness.js";

/**
 * Vitest's global setup: the migrated template of the in-memory test databases, built once for the
 * whole run and handed to every test process by its file's name (harness.ts, migratedTemplate).
 */
export default async function setup(): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sm-pglite-template-"));
  const file = path.join(dir, "template.tar");
  fs.writeFileSync(file, Buffer.from(await buildMigratedTemplate()));
  process.env.PGLITE_TEMPLATE = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
