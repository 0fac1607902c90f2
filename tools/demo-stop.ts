import type { ChildProcess } from "node:child_process";
import fs from "node:fs";

interface DemoStopOptions {
  /** the app the demo started */
  app: ChildProcess;
  /** its data folder (a fresh one in the temp folder) */
  dataDir: string;
  /** closes the stand-in retailer and webhook */
  closeFakes: () => void;
  exit?: (code: number) => void;
  /** how long the app has to stop after SIGTERM before SIGKILL */
  graceMs?: number;
}

/**
 * How the demo stops, whatever stops it (Ctrl+C, SIGTERM, a failed start): the fakes close, the
 * app gets SIGTERM (SIGKILL after `graceMs`), and once it has exited its data folder is removed,
 * then the demo exits. Any other exit removes the folder too, so the temp folder keeps no demo
 * database behind.
 */
export function demoStopper({
  app,
  dataDir,
  closeFakes,
  exit = (code) => process.exit(code),
  graceMs = 5000,
}: DemoStopOptions): (code: number) => void {
  const removeData = () => {
    try {
      fs.rmSync(dataDir, { recursive: true, force: true });
    } catch {
      // leaving anyway: nothing more to do about it
    }
  };
  process.once("exit", removeData);
  let stopping = false;
  return (code) => {
    if (stopping) return;
    stopping = true;
    closeFakes();
    let kill: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(kill);
      removeData();
      exit(code);
    };
    if (app.exitCode !== null || app.signalCode !== null) return finish();
    app.once("exit", finish);
    kill = setTimeout(() => app.kill("SIGKILL"), graceMs);
    app.kill("SIGTERM");
  };
}
