import { loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { closeParsePool } from "./engine/parse/pool.js";
import { loadBrowserSettings } from "./engine/browser/settings.js";
import { startEngine } from "./engine/start.js";

/** `npm run worker`: the engine alone, for scale-out next to web processes on one PostgreSQL. */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.warn(
      "Aviso: sem DATABASE_URL o worker usa a base de dados embutida, que só um processo pode abrir.",
    );
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const engine = await startEngine({ database, config, browser: loadBrowserSettings() });
  console.log(`Worker ${engine.workerId} a verificar produtos (base de dados: ${database.kind})`);

  const shutdown = async () => {
    await engine.stop();
    await closeParsePool();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
