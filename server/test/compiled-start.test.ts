import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture } from "../src/engine/platforms/testing/local-retailer";
import { parseWortenPage } from "../src/engine/platforms/worten";
import { projectRoot } from "../src/project-root";
import { createTestApp, eventually } from "./harness";

// `npm start` runs the server compiled by scripts/build-server.mjs with plain Node: the same API as
// the TypeScript sources (`npm run dev`, the tests), the platform registry and the parse workers found.
const outdir = path.join(projectRoot, `dist/test-build-${process.pid}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sm-compiled-"));
const PASSWORD = "compilado-123456";
let child: ChildProcess;
let base: string;
let output = "";

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const { buildServer } = await import(
    pathToFileURL(path.join(projectRoot, "scripts/build-server.mjs")).href
  );
  await buildServer(outdir);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [path.join(outdir, "server/src/index.js")], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      // the lines an operator reads (silent by default under NODE_ENV=test)
      LOG_LEVEL: "info",
      NODE_OPTIONS: "",
    },
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`o servidor compilado terminou:\n${output}`);
      const res = await fetch(`${base}/api/health`);
      expect(res.status).toBe(200);
    },
    90_000,
    200,
  );
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("compiled server (npm start)", () => {
  it("says where it listens in the language of its other lines, not in Fastify's English", () => {
    expect(output).toContain(`Servidor à escuta em ${base}`);
    expect(output).not.toContain("Server listening");
  });

  it("runs no TypeScript: no tsx loader in the process, every module a .js file", () => {
    expect(child.spawnargs.join(" ")).not.toContain("tsx");
    const files = fs.readdirSync(outdir, { recursive: true }) as string[];
    expect(files.filter((f) => f.endsWith(".ts"))).toEqual([]);
  });

  it("serves the same login and the same platform catalogue as the sources", async () => {
    const login = (password: string) =>
      fetch(`${base}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ username: "admin", password }),
      });
    const ok = await login(PASSWORD);
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect((await login("errada-000000")).status).toBe(401);
    // the session's cookie among those login sets (the known-device cookie is another)
    const cookie = ok.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .filter((c) => c.startsWith("sid="))
      .join("; ");
    const fromBuild = await fetch(`${base}/api/platforms`, { headers: { cookie } });
    expect(fromBuild.status).toBe(200);

    const source = await createTestApp("pglite");
    try {
      await source.createUser({ username: "fonte" });
      const fromSource = await source.app.inject({
        method: "GET",
        url: "/api/platforms",
        headers: { cookie: await source.login("fonte") },
      });
      expect(fromSource.statusCode).toBe(200);
      expect(await fromBuild.json()).toEqual(fromSource.json());
    } finally {
      await source.close();
    }
  }, 120_000);

  it("parses a heavy page in a compiled parse worker, with the answer of the parse in place", async () => {
    const pool = await import(pathToFileURL(path.join(outdir, "server/src/engine/parse/pool.js")).href);
    const platforms = await import(
      pathToFileURL(path.join(outdir, "server/src/engine/platforms/worten.js")).href
    );
    const url = "https://www.worten.pt/produtos/consola-ps5-slim-7196053";
    const page = fixture("worten", "page-dom-in-stock.html").replace(
      "</main>",
      `${" ".repeat(300_000)}</main>`,
    );
    try {
      const inWorker = await pool.parsePage(platforms.worten, [page, url]);
      expect(pool.parseStats.inWorker).toBe(1);
      expect(inWorker).toEqual(parseWortenPage(page, url));
    } finally {
      await pool.closeParsePool();
    }
  });
});
