import { loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { closeParsePool } from "./engine/parse/pool.js";
import { loadBrowserSettings } from "./engine/browser/settings.js";
import { startEngine } from "./engine/start.js";
import { createOperatorLog } from "./operator-log.js";
import { boundedShutdown } from "./shutdown.js";

/** `npm run worker`: the engine alone, for scale-out next to web processes on one PostgreSQL. */
async function main() {
  const config = loadConfig();
  const log = createOperatorLog(config.logLevel);
  if (!config.databaseUrl) {
    console.warn(
      "Aviso: sem DATABASE_URL o worker usa a base de dados embutida, que só um processo pode abrir.",
    );
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteSharedBuffersMb: config.pgliteSharedBuffersMb,
    statementTimeoutMs: config.statementTimeoutMs,
    // no web here: only the engine's wake-ups, not every change the web's caches follow
    notifications: "engine",
  });
  const engine = await startEngine({ database, config, browser: loadBrowserSettings(), log });
  console.log(`Worker ${engine.workerId} a verificar produtos (base de dados: ${database.kind})`);

  const shutdown = boundedShutdown(config.shutdownGraceMs, async () => {
    log.info("A terminar: as verificações e os pedidos em curso acabam ou são interrompidos");
    await engine.stop();
    await closeParsePool();
    await database.close();
    log.info("Terminado");
  });
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
