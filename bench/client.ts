/**
 * `npm run bench:client`: the login screen's initial JavaScript (gzip) from the built client, and
 * its Largest Contentful Paint on localhost in headless Chromium. Budgets: < 200 KB gzip, LCP < 1 s.
 */
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "dist/client");

function initialJsGzipBytes(): { files: string[]; bytes: number } {
  const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const files = [...new Set(refs)];
  const bytes = files.reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(dist, f))).length, 0);
  return { files, bytes };
}

async function waitFor(url: string, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`o servidor não respondeu em ${url}`);
}

async function main() {
  execSync("npx vite build --config client/vite.config.ts --logLevel warn", { cwd: root, stdio: "inherit" });
  const initial = initialJsGzipBytes();

  const port = 5600 + Math.floor(Math.random() * 300);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sm-bench-client-"));
  // node itself, not npx: SIGTERM must reach the server, or it outlives the benchmark holding its
  // output open
  const server = spawn(process.execPath, ["--import", "tsx", "server/src/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ENGINE: "off",
      ADMIN_PASSWORD: "bench-admin",
      LOG_LEVEL: "warn",
    },
    stdio: "inherit",
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    const lcps: number[] = [];
    for (let i = 0; i < 5; i++) {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: "networkidle" });
      const lcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve(entries[entries.length - 1].startTime);
            }).observe({ type: "largest-contentful-paint", buffered: true });
          }),
      );
      lcps.push(lcp);
      await page.close();
    }
    await browser.close();
    lcps.sort((a, b) => a - b);
    const kb = initial.bytes / 1024;
    console.log(`\nbench:client — ${os.cpus().length} cores`);
    console.log(
      `  JavaScript inicial do login: ${kb.toFixed(1)} KB gzip em ${initial.files.length} ficheiros (orçamento 200 KB) ${kb < 200 ? "✓" : "✗"}`,
    );
    console.log(
      `  LCP do login (mediana de 5): ${lcps[2].toFixed(0)} ms (orçamento 1000 ms) ${lcps[2] < 1000 ? "✓" : "✗"}`,
    );
  } finally {
    // the server closes its database on SIGTERM: its folder goes once it has exited
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    if (server.exitCode === null) await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
