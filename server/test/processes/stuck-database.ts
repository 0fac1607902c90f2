/**
 * A process whose embedded database thread is busy in one endless statement, with no statement
 * deadline to end it, that shuts down like the server (boundedShutdown) on SIGTERM. Prints "ocupado"
 * once the statement runs. Argument: the grace in ms. Used by db-deadline.test.ts.
 */
import { PGliteThread } from "../../src/db/pglite-thread.js";
import { boundedShutdown } from "../../src/shutdown.js";

const thread = await PGliteThread.open(null);
void thread.query("select count(*) from generate_series(1, 2000000000)").catch(() => {});
process.once(
  "SIGTERM",
  boundedShutdown(Number(process.argv[2]), () => thread.close()),
);
// keeps the process alive as the server's listening socket would
setInterval(() => {}, 60_000);
console.log("ocupado");
