import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { PlatformCatalogue, platformInfoSchema } from "@common/platforms";
import { productInputSchema } from "@common/schemas/products";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  CATALOGUE,
  catalogueEntry,
  getAdapter,
  getPlatform,
  loadPlatforms,
  PLATFORM_MODULES,
  platformFiles,
} from "./index";

describe("adapter registry", () => {
  it("has an adapter for every catalogue platform and the generic ones, under its own key", () => {
    for (const key of [...CATALOGUE.keys, "shopify", "jsonld"]) {
      expect(getAdapter(key)?.key, key).toBe(key);
    }
  });

  it("every platform the engine looks up answers through the verdict gate, not its bare check", () => {
    for (const module of PLATFORM_MODULES) {
      expect(getAdapter(module.key)?.check, module.key).not.toBe(module.check);
      expect(getPlatform(module.key)?.check, module.key).not.toBe(module.check);
    }
  });

  it("knows nothing else", () => {
    expect(getAdapter("amazon")).toBeUndefined();
    expect(getAdapter("toString")).toBeUndefined();
    expect(getAdapter("__proto__")).toBeUndefined();
    expect(getPlatform("shopify")).toBeUndefined();
    expect(getPlatform("__proto__")).toBeUndefined();
  });
});

describe("one record per platform", () => {
  it("the registry holds this folder's platform files, in the modal's order", () => {
    const files = platformFiles(new URL("./", import.meta.url)).map((name) => name.replace(/\.ts$/, ""));
    expect([...CATALOGUE.keys].sort()).toEqual(files);
    expect(CATALOGUE.keys[0]).toBe("zara");
    const orders = PLATFORM_MODULES.map((m) => m.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(new Set(orders).size).toBe(orders.length);
  });

  it("no record carries a field nobody reads (a misspelt `browser` would be dropped silently)", () => {
    const known = [
      ...Object.keys(platformInfoSchema.shape),
      "order",
      "headerProfile",
      "check",
      "pageParser",
      "idFromUrl",
    ];
    for (const record of PLATFORM_MODULES) {
      expect(
        Object.keys(record).filter((field) => !known.includes(field)),
        record.key,
      ).toEqual([]);
    }
  });

  it.each(CATALOGUE.keys)("%s: the record is the catalogue entry and reads its sample URL", (key) => {
    const record = getPlatform(key);
    expect(record).toMatchObject(catalogueEntry(record!));
    const sample = CATALOGUE.get(key)!.sampleUrl;
    expect(record?.idFromUrl(sample)).toMatch(/\S/);
    expect(record?.idFromUrl(sample)).toBe(CATALOGUE.productIdFromUrl(key, sample));
    expect(["api", "page"]).toContain(record?.headerProfile);
    for (const language of ["pt", "en", "es"] as const) {
      expect(record?.texts[language].description, `${key} ${language}`).toMatch(/\S/);
      expect(record?.texts[language].configHelp, `${key} ${language}`).toMatch(/\S/);
    }
  });
});

describe("adding a platform is adding its file", () => {
  const here = fileURLToPath(new URL("./", import.meta.url));
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), "platforms-"));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  /** a platform file as a newcomer writes it: the record, its id rule, its texts and its check */
  const platformFile = (key: string, order: number, exportedKey = key) => `
import { idInPath } from ${JSON.stringify(join(here, "../../../../common/platforms.ts"))};
import { definePlatform } from ${JSON.stringify(join(here, "support/define-platform.ts"))};
const texts = { description: "Sapatilhas", configHelp: "Sem configuração adicional." };
export const ${exportedKey} = definePlatform({
  key: "${key}",
  order: ${order},
  label: "Loja ${key}",
  sampleUrl: "https://www.${key}.pt/p/12345",
  defaultInterval: 30_000,
  hosts: ["${key}.pt"],
  idRules: [idInPath(/\\/p\\/(\\d+)$/)],
  texts: { pt: texts, en: texts, es: texts },
  headerProfile: "page",
  check: async () => ({ kind: "product", status: "in_stock", sizes: [], price: "10.00", currency: "EUR" }),
});
`;

  it("a new file is loaded, placed by its order, and its entry validates products like the others", async () => {
    writeFileSync(join(folder, "sapataria.ts"), platformFile("sapataria", 2));
    writeFileSync(join(folder, "alfaiate.ts"), platformFile("alfaiate", 1));
    writeFileSync(join(folder, "sapataria.test.ts"), "throw new Error('a test is not a platform');");
    const records = await loadPlatforms(pathToFileURL(`${folder}/`));
    expect(records.map((r) => r.key)).toEqual(["alfaiate", "sapataria"]);

    const catalogue = new PlatformCatalogue(records.map(catalogueEntry));
    expect(catalogue.platformOfUrl("https://www.sapataria.pt/p/777")).toBe("sapataria");
    expect(catalogue.productIdFromUrl("sapataria", "https://www.sapataria.pt/p/777")).toBe("777");
    const schema = productInputSchema(catalogue);
    const product = {
      name: "Sapatilha",
      url: "https://www.sapataria.pt/p/777",
      webhookUrl: "https://discord.com/api/webhooks/1/x",
      platform: "sapataria",
    };
    expect(schema.parse(product).productId).toBe("777");
    const elsewhere = schema.safeParse({ ...product, url: "https://www.alfaiate.pt/p/777" });
    expect(elsewhere.error?.issues[0]?.message).toBe(
      "O URL não pertence à plataforma Loja sapataria (sapataria.pt)",
    );
    expect(schema.safeParse({ ...product, platform: "zara" }).error?.issues[0]?.message).toBe(
      "Plataforma inválida",
    );
  });

  it("a file that does not export its record under its name stops the start", async () => {
    writeFileSync(join(folder, "sapataria.ts"), platformFile("sapataria", 1, "outra"));
    await expect(loadPlatforms(pathToFileURL(`${folder}/`))).rejects.toThrow(
      "sapataria.ts must export `sapataria`, its record",
    );
  });
});
