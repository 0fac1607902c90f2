import fs from "node:fs";
import { openDatabase } from "../src/db/client.js";

let template: Promise<ArrayBuffer> | null = null;

/**
 * The migrated empty database every new test database starts from (in memory, or a data directory
 * without a cluster yet): an empty cluster plus the migrations cost seconds per open (~10 s of CPU
 * on a busy 2-core machine), a copy of this tarball under one. test/database-templates.ts builds
 * it once per run (PGLITE_TEMPLATE names its file); a process started without it builds its own.
 */
export function migratedTemplate(): Promise<ArrayBuffer> {
  template ??= (async () => {
    const file = process.env.PGLITE_TEMPLATE;
    if (file && fs.existsSync(file)) {
      const bytes = await fs.promises.readFile(file);
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    }
    return buildMigratedTemplate();
  })();
  return template;
}

/** a fresh in-memory database, migrated, as a dumpDataDir("none") tarball */
export async function buildMigratedTemplate(): Promise<ArrayBuffer> {
  const database = await openDatabase({ dataDir: null });
  try {
    const dump = await database.pglite!.dumpDataDir("none");
    return await dump.arrayBuffer();
  } finally {
    await database.close();
  }
}
