import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** `npm start`: build the client when the build is missing or older than its sources, then run. */
const root = path.resolve(import.meta.dirname, "../..");
const builtIndex = path.join(root, "dist/client/index.html");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sourcesMtime = Math.max(newestMtime(path.join(root, "client")), newestMtime(path.join(root, "common")));
const builtMtime = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
if (builtMtime < sourcesMtime) {
  console.log("A compilar o cliente...");
  execSync("npx vite build --config client/vite.config.ts --logLevel warn", { cwd: root, stdio: "inherit" });
}

await import("./index.js");
