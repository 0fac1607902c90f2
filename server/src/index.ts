import { loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { createOperatorLog } from "./operator-log.js";
import { boundedShutdown } from "./shutdown.js";

/**
 * The rest of the server, loaded while the database opens: the embedded database starts in its own
 * thread (and its WebAssembly compiles off the main thread), so loading the web app's and the
 * engine's modules beside it rather than before it takes ~1 s off every start on a 2-core machine.
 */
const loadServer = () =>
  Promise.all([
    import("./app.js"),
    import("./engine/start.js"),
    import("./engine/parse/pool.js"),
    import("./engine/browser/settings.js"),
    import("./services/backup.js"),
    import("./services/health-watch.js"),
    import("./services/users.js"),
  ]);

/** Entry: read config, open the database (migrations run there), start the API and the engine. */
async function main() {
  const config = loadConfig();
  const log = createOperatorLog(config.logLevel);
  const opening = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteSharedBuffersMb: config.pgliteSharedBuffersMb,
    statementTimeoutMs: config.statementTimeoutMs,
  });
  // a failure is awaited below (and reported by main's catch), not an unhandled rejection meanwhile
  opening.catch(() => {});
  const [
    { buildApp },
    { startEngine },
    { closeParsePool },
    { loadBrowserSettings },
    { startBackupScheduler },
    { startHealthWatch },
    { ensureFirstAdmin },
  ] = await loadServer();
  const database = await opening;
  const first = await ensureFirstAdmin(database.db, config.adminPassword);
  if (first.generatedPassword) {
    console.log(
      `\n  Utilizador 'admin' criado. Password (mostrada só esta vez): ${first.generatedPassword}\n`,
    );
  }
  const engine = config.engineEnabled
    ? await startEngine({ database, config, browser: loadBrowserSettings(), log })
    : undefined;
  const app = await buildApp({ database, config, engine });
  // Fastify's own line, in the language of every other line the server prints
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) => `Servidor à escuta em ${address}`,
  });
  console.log(`Stock Monitor em http://localhost:${config.port} (base de dados: ${database.kind})`);
  const backups = startBackupScheduler({
    database,
    dataDir: config.dataDir,
    log: app.log,
    floors: config.disk,
  });
  const healthWatch = startHealthWatch({
    db: database.db,
    engine: app.engine,
    log: app.log,
    bounds: config.health,
    disk: database.kind === "pglite" ? { dataDir: config.dataDir, floors: config.disk } : undefined,
  });

  // whatever retailers and webhooks do: previews and checks under way are aborted, leases handed back
  const shutdown = boundedShutdown(config.shutdownGraceMs, async () => {
    log.info("A terminar: as verificações e os pedidos em curso acabam ou são interrompidos");
    backups.stop();
    healthWatch.stop();
    await Promise.all([app.close(), engine?.stop()]);
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
