import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** the folder of package.json: the same from the TypeScript sources and from their build in dist/server */
function findProjectRoot(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json não encontrado acima de ${from}`);
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
