import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { closeParsePool } from "./engine/parse/pool.js";
import { loadBrowserSettings } from "./engine/browser/settings.js";
import { startEngine } from "./engine/start.js";
import { startBackupScheduler } from "./services/backup.js";
import { startHealthWatch } from "./services/health-watch.js";
import { ensureFirstAdmin } from "./services/users.js";

/** Entry: read config, open the database (migrations run there), start the API and the engine. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const first = await ensureFirstAdmin(database.db, config.adminPassword);
  if (first.generatedPassword) {
    console.log(
      `\n  Utilizador 'admin' criado. Password (mostrada só esta vez): ${first.generatedPassword}\n`,
    );
  }
  const engine = config.engineEnabled
    ? await startEngine({ database, config, browser: loadBrowserSettings() })
    : undefined;
  const app = await buildApp({ database, config, engine });
  await app.listen({ port: config.port, host: config.host });
  console.log(`Stock Monitor em http://localhost:${config.port} (base de dados: ${database.kind})`);
  const backups = startBackupScheduler({ database, dataDir: config.dataDir, log: app.log });
  const healthWatch = startHealthWatch({
    db: database.db,
    engine: app.engine,
    log: app.log,
    bounds: config.health,
  });

  // whatever retailers and webhooks do: previews and checks under way are aborted, leases handed back
  const shutdown = async () => {
    backups.stop();
    healthWatch.stop();
    await Promise.all([app.close(), engine?.stop()]);
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
