import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { demoStopper } from "./demo-stop.js";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

/** a stand-in for the app: a Node process that says "pronto" once its SIGTERM handling is set */
async function fakeApp(ignoreSigterm: boolean): Promise<ChildProcess> {
  const code = `${ignoreSigterm ? "process.on('SIGTERM', () => {});" : ""} setInterval(() => {}, 1000); console.log("pronto");`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  await new Promise<void>((resolve) => child.stdout?.once("data", () => resolve()));
  return child;
}

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stock-monitor-demo-test-"));
  fs.mkdirSync(path.join(dir, "pgdata"));
  fs.writeFileSync(path.join(dir, "pgdata", "PG_VERSION"), "17");
  return dir;
}

describe("demo stop", () => {
  it("stops the app, then removes its data folder and exits, once however often asked", async () => {
    const app = await fakeApp(false);
    const dir = dataDir();
    let fakesClosed = 0;
    const exited = new Promise<number>((resolve) => {
      const stop = demoStopper({ app, dataDir: dir, closeFakes: () => fakesClosed++, exit: resolve });
      stop(0);
      stop(0); // a second Ctrl+C while stopping
    });
    expect(await exited).toBe(0);
    expect(app.signalCode).toBe("SIGTERM");
    expect(fs.existsSync(dir)).toBe(false);
    expect(fakesClosed).toBe(1);
  });

  it("kills an app that does not stop in time, and still removes the folder", async () => {
    const app = await fakeApp(true);
    const dir = dataDir();
    const code = await new Promise<number>((resolve) =>
      demoStopper({ app, dataDir: dir, closeFakes: () => {}, exit: resolve, graceMs: 300 })(1),
    );
    expect(code).toBe(1);
    expect(app.signalCode).toBe("SIGKILL");
    expect(fs.existsSync(dir)).toBe(false);
  });

  it("removes the folder at once when the app has already ended", async () => {
    const app = await fakeApp(false);
    app.kill("SIGKILL");
    await new Promise((resolve) => app.once("exit", resolve));
    const dir = dataDir();
    const code = await new Promise<number>((resolve) =>
      demoStopper({ app, dataDir: dir, closeFakes: () => {}, exit: resolve })(1),
    );
    expect(code).toBe(1);
    expect(fs.existsSync(dir)).toBe(false);
  });
});
