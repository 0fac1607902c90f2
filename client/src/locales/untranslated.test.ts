import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findUntranslated, findUntranslatedInSource } from "./untranslated";

const clientSrc = path.resolve(import.meta.dirname, "..");

describe("untranslated texts", () => {
  it("finds JSX text, human attributes and toasts, not class names, keys or t() calls", () => {
    const found = findUntranslatedInSource(
      "sample.tsx",
      `import { toast } from "sonner";
       export function Sample() {
         toast.success("Produto guardado");
         const ok = t("monitor:saved");
         return <div className="flex items-center gap-2" title="Título" aria-label={t("x")}>Olá {ok}<span data-testid="row" /></div>;
       }`,
    );
    expect(found.map((f) => f.text)).toEqual(["Produto guardado", "Título", "Olá"]);
  });

  it("no component writes its texts itself: they come from the catalogues", () => {
    // every folder of the client but the catalogues and this scanner
    const folders = fs
      .readdirSync(clientSrc, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== "locales")
      .map((entry) => entry.name);
    expect(folders).toEqual(expect.arrayContaining(["app", "components", "features", "lib"]));
    const found = folders.flatMap((dir) => findUntranslated(path.join(clientSrc, dir)));
    expect(found.map((f) => `${path.relative(clientSrc, f.file)}:${f.line} ${f.text}`)).toEqual([]);
  });
});
