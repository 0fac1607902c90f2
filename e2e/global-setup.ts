import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ADMIN_PASSWORD, adminStatePath } from "./constants";

const root = path.resolve(import.meta.dirname, "..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`A aplicação terminou (código ${child.exitCode}) antes de responder`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`A aplicação não respondeu em ${url} dentro de ${timeoutMs / 1000} s`);
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** A production build (NODE_ENV=test would otherwise give React's development build). */
function buildClientIfStale() {
  const builtIndex = path.join(root, "dist/client/index.html");
  const built = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
  const sources = Math.max(newestMtime(path.join(root, "client")), newestMtime(path.join(root, "common")));
  if (built >= sources) return;
  execFileSync(
    path.join(root, "node_modules/.bin/vite"),
    ["build", "--config", "client/vite.config.ts", "--logLevel", "error"],
    { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
}

/** Builds the client when stale, starts the real app, and stops it after the run. */
export default async function globalSetup() {
  buildClientIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stock-monitor-e2e-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logPath = path.join(root, "test-results", `e2e-server-${port}.log`);
  fs.mkdirSync(path.dirname(logPath), { recursive: true });
  const log = fs.openSync(logPath, "w");

  const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["server/src/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      ENGINE: "off",
      ADMIN_PASSWORD,
      DATABASE_URL: "",
    },
    stdio: ["ignore", log, log],
  });

  try {
    await waitForHealth(baseURL, child, 240_000);
  } catch (error) {
    child.kill("SIGTERM");
    throw new Error(`${(error as Error).message}; registo em ${logPath}`);
  }
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_RUN_ID = String(port);

  return async () => {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      setTimeout(() => {
        child.kill("SIGKILL");
        resolve();
      }, 5000).unref();
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(path.join(root, adminStatePath(String(port))), { force: true });
  };
}
