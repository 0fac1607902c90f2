/**
 * `npm run bench:import`: the CSV import of the books (issue 29) on embedded PGlite, the default
 * database. 5 000 inventory rows (a pt-PT spreadsheet: ';', decimal commas, dd/MM/yyyy) are
 * previewed and committed through the API, then 5 000 sales rows into a second account, half
 * selling items it already has. Target: each commit under 5 s. Prints the figures; asserts nothing.
 * Flags: --rows N (default 5000).
 */
import { buildApp } from "../server/src/app.js";
import { loadConfig } from "../server/src/config.js";
import { openDatabase } from "../server/src/db/client.js";
import { inventoryItems, users } from "../server/src/db/schema.js";
import { hashPassword } from "../server/src/services/passwords.js";

const args = process.argv.slice(2);
const rowsFlag = args.indexOf("--rows");
const ROWS = rowsFlag >= 0 ? Number(args[rowsFlag + 1]) : 5_000;
const PASSWORD = "bench-password";

const pad = (n: number) => String(n).padStart(2, "0");
const cents = (n: number) => `${Math.floor(n / 100)},${pad(n % 100)}`;

function inventoryFile(): string {
  const lines = [
    "\uFEFFNome;SKU;Tamanho;Local de compra;Data de compra;Preço (EUR);Portes (EUR);Estado;Notas",
  ];
  for (let i = 0; i < ROWS; i++) {
    lines.push(
      `Ténis modelo ${i};SKU-${i};${36 + (i % 10)};Loja ${i % 7};${pad(1 + (i % 28))}/${pad(1 + (i % 12))}/2026;${cents(1000 + i * 7)};${cents(i % 500)};Em Stock;nota ${i}`,
    );
  }
  return lines.join("\r\n");
}

function salesFile(): string {
  const lines = ["Data;Item;Comprador;Plataforma;Preço de venda (EUR);Taxas (EUR);Custo (EUR)"];
  for (let i = 0; i < ROWS; i++) {
    lines.push(
      `${pad(1 + (i % 28))}/${pad(1 + (i % 12))}/2026;Artigo ${i};Comprador ${i % 50};Vinted;${cents(2000 + i * 3)};${cents(i % 300)};${cents(1500 + i)}`,
    );
  }
  return lines.join("\r\n");
}

async function main() {
  const database = await openDatabase({ dataDir: null });
  const config = { ...loadConfig({ NODE_ENV: "production" }), logLevel: "warn" as const };
  const app = await buildApp({ database, config, clientDir: null });
  await app.ready();
  const hash = await hashPassword(PASSWORD);
  const [ana, rui] = await database.db
    .insert(users)
    .values([
      { username: "ana", passwordHash: hash },
      { username: "rui", passwordHash: hash },
    ])
    .returning();
  // half of rui's sales sell an item already in his books
  await database.db.insert(inventoryItems).values(
    Array.from({ length: ROWS / 2 }, (_, i) => ({
      userId: rui.id,
      name: `Artigo ${i * 2}`,
      price: "15.00",
      shippingPrice: "0.00",
    })),
  );
  const login = async (username: string) => {
    const res = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username, password: PASSWORD },
    });
    const sid = res.cookies.find((c) => c.name === "sid");
    if (!sid) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
    return `sid=${sid.value}`;
  };
  const time = async (label: string, cookie: string, url: string, content: string) => {
    const started = performance.now();
    const res = await app.inject({ method: "POST", url, headers: { cookie }, payload: { content } });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    const answer = res.json() as { imported: number; counts: Record<string, number> };
    console.log(
      `${label.padEnd(28)} ${(ms / 1000).toFixed(2).padStart(6)} s  imported ${answer.imported}  ${JSON.stringify(answer.counts)}`,
    );
  };
  const inventory = inventoryFile();
  const sold = salesFile();
  console.log(
    `${ROWS} rows, PGlite in memory; files of ${(inventory.length / 1024).toFixed(0)} KB and ${(sold.length / 1024).toFixed(0)} KB`,
  );
  const anaCookie = await login(ana.username);
  const ruiCookie = await login(rui.username);
  await time("inventory preview", anaCookie, "/api/inventory/import/preview", inventory);
  await time("inventory commit", anaCookie, "/api/inventory/import", inventory);
  await time("inventory again (no-op)", anaCookie, "/api/inventory/import", inventory);
  await time("sales preview", ruiCookie, "/api/sales/import/preview", sold);
  await time("sales commit", ruiCookie, "/api/sales/import", sold);
  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
