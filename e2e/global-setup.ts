import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { FakeRetailer } from "../tools/fake-retailer";
import { FakeTelegram } from "../tools/fake-telegram";
import { adminStatePath, E2E_TELEGRAM_TOKEN } from "./constants";
import { appEnv } from "./quality-app";

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

/**
 * A private production build per run: a shared dist/client rebuilt by someone else mid-run would
 * leave the running server pointing at deleted assets (and NODE_ENV=test would give React's
 * development build). The build must print nothing at the warning level: a newcomer's first
 * `npm start` shows only the product's own lines.
 */
function buildClient(outDir: string) {
  const build = spawnSync(
    path.join(root, "node_modules/.bin/vite"),
    ["build", "--config", "client/vite.config.ts", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"],
    { cwd: root, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } },
  );
  const printed = `${build.stdout}${build.stderr}`.trim();
  if (build.status !== 0) throw new Error(`A compilação do cliente falhou:\n${printed}`);
  if (printed) throw new Error(`A compilação do cliente escreveu avisos:\n${printed}`);
}

/**
 * The server as `npm start` runs it: compiled once per run (inside the project, where the compiled
 * code finds package.json) and started with plain Node. Through tsx each of the run's app starts
 * compiled the sources again, and a SIGKILL after a slow stop hit tsx's wrapper and left the real
 * server running, its engine checking for the rest of the run.
 */
async function buildServerInto(outDir: string): Promise<string> {
  const { buildServer } = await import(path.join(root, "scripts/build-server.mjs"));
  await buildServer(outDir);
  return path.join(outDir, "server/src/index.js");
}

/**
 * A data directory migrated once per run (the app started on it, then stopped): every app of the
 * run, the shared one and the specs' own, starts from a copy of it. A first start from nothing
 * (the embedded cluster and every migration) took ~13 s of CPU on a 2-core machine, a start from
 * the copy ~4 s, and the run starts some twenty apps.
 */
async function migratedDataDir(serverEntry: string, dir: string): Promise<void> {
  const port = await freePort();
  const logPath = path.join(root, "test-results", `e2e-template-${port}.log`);
  const log = fs.openSync(logPath, "w");
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: appEnv(port, dir),
    stdio: ["ignore", log, log],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, child, 240_000);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}; registo em ${logPath}`);
  }
  child.kill("SIGTERM");
  const code = await exited;
  if (code !== 0)
    throw new Error(`A aplicação do modelo terminou com o código ${code}; registo em ${logPath}`);
}

interface Prepared {
  clientDir: string;
  serverEntry: string;
  dataTemplate: string;
  /** removes what this run made for itself; nothing when the builds are shared */
  remove: () => void;
}

/** the client built, the server compiled and a data directory migrated into `dir` (inside the project) */
async function prepareInto(dir: string): Promise<Omit<Prepared, "remove">> {
  const clientDir = path.join(dir, "client");
  const dataTemplate = path.join(dir, "data-template");
  buildClient(clientDir);
  const serverEntry = await buildServerInto(path.join(dir, "server-build"));
  await migratedDataDir(serverEntry, dataTemplate);
  return { clientDir, serverEntry, dataTemplate };
}

/**
 * The builds and the migrated data directory of this run. `npm test` starts two Playwright runs (the
 * quality part beside Vitest, the rest after it) and names one folder for both in
 * E2E_PREPARED_DIR: the first run prepares it, the second finds it ready and spends none of the
 * ~30 s of CPU (client build, first start) again. scripts/test.mjs removes it at the end.
 */
async function prepared(): Promise<Prepared> {
  fs.mkdirSync(path.join(root, "test-results"), { recursive: true });
  const shared = process.env.E2E_PREPARED_DIR;
  if (!shared) {
    const dir = fs.mkdtempSync(path.join(root, "test-results", "e2e-build-"));
    return { ...(await prepareInto(dir)), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const manifest = path.join(shared, "ready.json");
  if (fs.existsSync(manifest)) return { ...JSON.parse(fs.readFileSync(manifest, "utf8")), remove: () => {} };
  fs.rmSync(shared, { recursive: true, force: true });
  fs.mkdirSync(shared, { recursive: true });
  const made = await prepareInto(shared);
  fs.writeFileSync(manifest, JSON.stringify(made));
  return { ...made, remove: () => {} };
}

/** Builds the client, starts the real app on a free port with a fresh data directory, stops it after. */
export default async function globalSetup() {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "stock-monitor-e2e-"));
  const dataDir = path.join(runDir, "data");
  const { clientDir, serverEntry, dataTemplate, remove } = await prepared();
  fs.cpSync(dataTemplate, dataDir, { recursive: true });
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logPath = path.join(root, "test-results", `e2e-server-${port}.log`);
  fs.mkdirSync(path.dirname(logPath), { recursive: true });
  const log = fs.openSync(logPath, "w");
  // "Testar agora" reads real pages: the stand-in retailer answers for the Shopify store and Vinted
  const retailer = new FakeRetailer();
  const retailerUrl = await retailer.listen();
  // the Telegram setup helper asks the Bot API (getMe, getUpdates): a stand-in answers
  const telegram = new FakeTelegram(E2E_TELEGRAM_TOKEN);
  const telegramUrl = await telegram.listen();

  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...appEnv(port, dataDir),
      CLIENT_DIR: clientDir,
      // every spec's people sign in from 127.0.0.1: three workers passed the 20 a minute one address gets
      LOGIN_RATE_LIMIT: "600",
      // one walled host per project: a block pauses its host, which must not pause the other's checks
      MONITOR_REDIRECT: [
        "https://nudeproject.com",
        "https://www.vinted.pt",
        "https://walled-desktop.nudeproject.com",
        "https://walled-mobile.nudeproject.com",
      ]
        .map((origin) => `${origin}=${retailerUrl}`)
        .concat(`https://api.telegram.org=${telegramUrl}`)
        .join(","),
    },
    stdio: ["ignore", log, log],
  });

  try {
    await waitForHealth(baseURL, child, 240_000);
  } catch (error) {
    child.kill("SIGTERM");
    await retailer.close();
    await telegram.close();
    throw new Error(`${(error as Error).message}; registo em ${logPath}`);
  }
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_RUN_ID = String(port);
  process.env.E2E_RETAILER_URL = retailerUrl;
  process.env.E2E_TELEGRAM_URL = telegramUrl;
  // specs that start an app of their own (quality.spec.ts) serve this run's build too
  process.env.E2E_CLIENT_DIR = clientDir;
  process.env.E2E_SERVER_ENTRY = serverEntry;
  process.env.E2E_DATA_TEMPLATE = dataTemplate;

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
    await retailer.close();
    await telegram.close();
    fs.rmSync(runDir, { recursive: true, force: true });
    remove();
    fs.rmSync(path.join(root, adminStatePath(String(port))), { force: true });
  };
}
