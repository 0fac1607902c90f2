#!/usr/bin/env node
// `npm start`: builds the client (Vite) and the server (esbuild, scripts/build-server.mjs) when a
// build is missing or older than its sources, then runs the compiled server with plain Node.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const at = (p) => path.join(root, p);

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const lockAndConfig = Math.max(newestMtime(at("package-lock.json")), newestMtime(at("tsconfig.json")));

const clientStamp = at("dist/client/index.html");
if (builtAt(clientStamp) < Math.max(newestMtime(at("client")), newestMtime(at("common")), lockAndConfig)) {
  console.log("A compilar o cliente...");
  execSync("npx vite build --config client/vite.config.ts --logLevel warn", { cwd: root, stdio: "inherit" });
}

const serverStamp = at("dist/server/.built");
const serverSources = Math.max(newestMtime(at("server/src")), newestMtime(at("common")), lockAndConfig);
if (builtAt(serverStamp) < serverSources) {
  console.log("A compilar o servidor...");
  const { buildServer } = await import("./build-server.mjs");
  await buildServer();
  fs.writeFileSync(serverStamp, "");
}

await import(pathToFileURL(at("dist/server/server/src/index.js")).href);
