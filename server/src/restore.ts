import path from "node:path";
import { loadConfig } from "./config.js";
import { DEFAULT_EXPANSION_BOUNDS, restoreBackup } from "./services/backup.js";

/** `npm run restore -- <backup.tar.gz>`: puts a backup in place of DATA_DIR/pglite (server stopped). */
async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error("Uso: npm run restore -- <ficheiro de backup .tar.gz>");
    process.exit(2);
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      "DATABASE_URL está definido: restaure o PostgreSQL com pg_restore/psql, não com este comando.",
    );
    process.exit(2);
  }
  const maxMb = Number(process.env.RESTORE_MAX_MB);
  const bounds =
    maxMb > 0
      ? { maxBytes: maxMb * 1024 * 1024, maxRatio: Number.POSITIVE_INFINITY }
      : DEFAULT_EXPANSION_BOUNDS;
  const { restoredTo, previousMovedTo } = await restoreBackup(path.resolve(file), config.dataDir, bounds);
  console.log(`Backup restaurado em ${restoredTo}`);
  if (previousMovedTo) console.log(`Os dados anteriores foram guardados em ${previousMovedTo}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
