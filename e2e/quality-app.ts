import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { request as playwrightRequest } from "@playwright/test";
import { ADMIN_PASSWORD, ADMIN_USERNAME } from "./constants";

/**
 * A private app for the quality suite: its empty states (the ranking is global) and its 5xx
 * watch must not depend on what other specs write into the shared server at the same time.
 * The client is the one global-setup built for this run (E2E_CLIENT_DIR).
 */
export interface QualityApp {
  url: string;
  stop: () => Promise<void>;
}

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

async function waitForHealth(url: string, child: ChildProcess, logPath: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`A aplicação terminou; registo em ${logPath}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`A aplicação não respondeu em ${url}; registo em ${logPath}`);
}

/** what every app of the run is started with: its port and data, the engine off, the known admin */
export function appEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    // scrypt at a 16th of its cost: every spec creates users and signs in (docs/decisions.md)
    PASSWORD_HASH_COST: "1024",
    ENGINE: "off",
    ADMIN_PASSWORD,
    DATABASE_URL: "",
  };
}

/** `env` overrides the app's environment (a spec that needs the engine turns it on) */
export async function startQualityApp(env: Record<string, string> = {}): Promise<QualityApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stock-monitor-quality-"));
  // the run's migrated data directory (global-setup.ts): no cluster to create, no migration to run
  const template = process.env.E2E_DATA_TEMPLATE;
  if (template && fs.existsSync(template)) fs.cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logPath = path.join(root, "test-results", `quality-server-${port}.log`);
  fs.mkdirSync(path.dirname(logPath), { recursive: true });
  const log = fs.openSync(logPath, "w");
  // the server global-setup compiled for this run; tsx when a spec runs without it
  const entry = process.env.E2E_SERVER_ENTRY;
  const [command, args] = entry
    ? [process.execPath, [entry]]
    : [path.join(root, "node_modules/.bin/tsx"), ["server/src/index.ts"]];
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...appEnv(port, dataDir),
      ...(process.env.E2E_CLIENT_DIR ? { CLIENT_DIR: process.env.E2E_CLIENT_DIR } : {}),
      ...env,
    },
    stdio: ["ignore", log, log],
  });
  try {
    await waitForHealth(url, child, logPath);
  } catch (error) {
    child.kill("SIGTERM");
    throw error;
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once("exit", done);
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
  };
}

export type StorageState = Awaited<
  ReturnType<Awaited<ReturnType<typeof playwrightRequest.newContext>>["storageState"]>
>;

/** An API client logged in as `username`; its storage state opens browser contexts as that user. */
export async function apiSession(baseURL: string, username = ADMIN_USERNAME, password = ADMIN_PASSWORD) {
  const api = await playwrightRequest.newContext({ baseURL });
  const response = await api.post("/api/login", { data: { username, password } });
  if (!response.ok()) throw new Error(`login de ${username}: ${response.status()} ${await response.text()}`);
  return api;
}

type Api = Awaited<ReturnType<typeof apiSession>>;

async function post<T>(api: Api, url: string, data: unknown): Promise<T> {
  const response = await api.post(url, { data });
  if (!response.ok()) throw new Error(`POST ${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** a public literal address: passes the SSRF guard without DNS; the engine is off */
const WEBHOOK = "https://162.159.135.232/api/webhooks/1/e2e";

export async function createUser(api: Api, username: string, fullName: string | null) {
  const password = "password-qualidade";
  await post(api, "/api/admin/users", {
    username,
    password,
    fullName,
    email: fullName ? `${username}@exemplo.pt` : "",
  });
  return { username, password };
}

export async function createProduct(api: Api, name: string, reference: string) {
  return post<{ id: number }>(api, "/api/products", {
    name,
    url: `https://www.zara.com/pt/pt/produto-p${reference}.html`,
    productId: reference,
    platform: "zara",
    price: "89.95",
    checkInterval: 5000,
    webhookUrl: WEBHOOK,
  });
}

export async function createItem(api: Api, name: string, price: string, extra: Record<string, string> = {}) {
  return post<{ id: number }>(api, "/api/inventory", { name, price, shippingPrice: "4.90", ...extra });
}

export async function sellItem(api: Api, inventoryItemId: number, salePrice: string) {
  return post(api, "/api/sales", { inventoryItemId, salePrice, fees: "3.50", platform: "Vinted" });
}
