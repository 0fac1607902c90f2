/**
 * `npm run demo`: the app with a fresh demo database, the stand-in retailer and chat webhook, a demo
 * user and a few monitors whose stock changes every ~20 s. Alerts arrive at the stand-in webhook,
 * which prints each one here. No internet needed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { request } from "undici";
import { demoStopper } from "./demo-stop.js";
import { FakeRetailer } from "./fake-retailer.js";
import { FakeWebhook } from "./fake-webhook.js";

const root = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.PORT ?? 5000);
const APP = `http://127.0.0.1:${PORT}`;
const ADMIN_PASSWORD = "admin-demo";
const DEMO_USER = { username: "demo", password: "demo1234" };
const WEBHOOK = "https://discord.com/api/webhooks/1000/demo-token";
const FLIP_MS = 20_000;

async function api(method: string, url: string, body?: unknown, cookie?: string) {
  const res = await request(`${APP}${url}`, {
    method: method as "POST",
    headers: { ...(body ? { "content-type": "application/json" } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.body.text();
  if (res.statusCode >= 400) throw new Error(`${method} ${url}: ${res.statusCode} ${text}`);
  const setCookie = res.headers["set-cookie"];
  const sid = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ""]).find((c) => c.startsWith("sid="));
  return { json: text ? JSON.parse(text) : null, cookie: sid?.split(";")[0] };
}

async function assertPortFree(): Promise<void> {
  try {
    const res = await request(`${APP}/api/health`);
    await res.body.text();
  } catch {
    return;
  }
  throw new Error(`A porta ${PORT} já está ocupada: escolha outra com PORT=...`);
}

async function waitForApp(child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error("a aplicação terminou ao arrancar");
    try {
      const res = await request(`${APP}/api/health`);
      await res.body.text();
      if (res.statusCode === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("a aplicação não arrancou a tempo");
}

async function main() {
  const retailer = new FakeRetailer();
  const webhook = new FakeWebhook(true);
  const shop = await retailer.listen(Number(process.env.DEMO_SHOP_PORT ?? 7001));
  const hook = await webhook.listen(Number(process.env.DEMO_HOOK_PORT ?? 7002));

  retailer.setProduct("rebel-hoodie", { name: "REBEL HOODIE", status: "out_of_stock", price: "79.00" });
  retailer.setProduct("517756017", { name: "VESTIDO STRETCH", status: "out_of_stock", price: "29.95" });
  // a Vinted search's first page (issue 25): each round lists one more Nike, one of them stained
  retailer.searches.addCatalogItems([
    {
      id: "80001",
      title: "Nike Air Force 1 branco",
      price: "32.00",
      brand: "Nike",
      size: "42",
      condition: "Muito bom",
    },
    {
      id: "80002",
      title: "Nike Tech Fleece cinza",
      price: "38.00",
      brand: "Nike",
      size: "M",
      condition: "Bom",
    },
  ]);
  // a product with a price target: it falls below 70 € in the second round
  retailer.setProduct("cargo-pants", { name: "CARGO PANTS", sizes: ["M", "L"], price: "89.00" });
  retailer.setMember("12345678", {
    login: "closet_da_ana",
    items: [
      { id: "9001", title: "Casaco de ganga", price: "12.50" },
      { id: "9002", title: "Ténis brancos", price: "20.00" },
    ],
  });

  await assertPortFree();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stock-monitor-demo-"));
  const redirect = [
    `https://nudeproject.com=${shop}`,
    `https://www.zara.com=${shop}`,
    `https://www.vinted.pt=${shop}`,
    `https://discord.com=${hook}`,
  ].join(",");
  const app = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/src/index.ts")], {
    cwd: root,
    // the app's request log would drown the alerts; errors still show
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_PASSWORD,
      NODE_ENV: "development",
      ENGINE: "on",
      MONITOR_REDIRECT: redirect,
      ALLOW_PRIVATE_WEBHOOKS: "true",
      LOG_LEVEL: "warn",
    },
  });
  // the data folder goes with the demo: Ctrl+C, SIGTERM, a failed start or any other exit
  const stop = demoStopper({
    app,
    dataDir,
    closeFakes: () => {
      void retailer.close();
      void webhook.close();
    },
  });
  process.once("SIGINT", () => stop(0));
  process.once("SIGTERM", () => stop(0));
  try {
    await waitForApp(app);
    await seed();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    stop(1);
    return;
  }

  const firstRound = setTimeout(() => flip(retailer), 5000);
  const rounds = setInterval(() => flip(retailer), FLIP_MS);
  process.once("exit", () => {
    clearTimeout(firstRound);
    clearInterval(rounds);
  });
  console.log(`
  Demonstração pronta.
    Aplicação:        ${APP}  (utilizador ${DEMO_USER.username} / ${DEMO_USER.password}; admin / ${ADMIN_PASSWORD})
    Loja de teste:    ${shop}  (stock muda a cada ${FLIP_MS / 1000} s)
    Webhook de teste: ${hook}  (cada alerta recebido aparece aqui em baixo)
    Dados:            ${dataDir}${
      fs.existsSync(path.join(root, "dist/client/index.html"))
        ? ""
        : "\n    (sem interface compilada: execute npm run build antes para a ver)"
    }
  Ctrl+C para terminar.
`);
}

async function seed() {
  const admin = await api("POST", "/api/login", { username: "admin", password: ADMIN_PASSWORD });
  await api("POST", "/api/admin/users", { ...DEMO_USER, monitorLimit: 10 }, admin.cookie);
  const demo = await api("POST", "/api/login", DEMO_USER);
  const monitors = [
    {
      name: "REBEL HOODIE",
      productId: "rebel-hoodie",
      url: "https://nudeproject.com/products/rebel-hoodie",
      platform: "nudeproject",
      checkInterval: 3000,
    },
    {
      name: "VESTIDO STRETCH",
      productId: "517756017",
      url: "https://www.zara.com/pt/pt/vestido-stretch-caicai-p06050324.html?v1=517756017",
      platform: "zara",
      checkInterval: 5000,
    },
    {
      name: "Nike até 40 € com taxas",
      url: "https://www.vinted.pt/catalog?search_text=nike&order=newest_first",
      platform: "vinted",
      checkInterval: 5000,
      rules: { excludeWords: ["manchas"], maxPrice: "40", maxIsTotal: true },
    },
    {
      name: "CARGO PANTS (alvo 70 €)",
      productId: "cargo-pants",
      url: "https://nudeproject.com/products/cargo-pants",
      platform: "nudeproject",
      checkInterval: 3000,
      rules: { targetPrice: "70" },
    },
    {
      name: "Closet da Ana",
      productId: "12345678",
      url: "https://www.vinted.pt/member/12345678-closet_da_ana",
      platform: "vinted",
      checkInterval: 10_000,
    },
  ];
  for (const m of monitors) await api("POST", "/api/products", { ...m, webhookUrl: WEBHOOK }, demo.cookie);
}

let round = 0;
function flip(retailer: FakeRetailer) {
  round++;
  const hoodieSizes = [["S", "M"], [], ["M", "L", "XL"], []][round % 4];
  retailer.setProduct(
    "rebel-hoodie",
    hoodieSizes.length ? { sizes: hoodieSizes } : { status: "out_of_stock" },
  );
  retailer.setProduct(
    "517756017",
    round % 2 === 1 ? { sizes: ["S"], status: "low_stock" } : { status: "out_of_stock" },
  );
  const member = retailer.members.get("12345678");
  if (member && round % 2 === 0) {
    const id = String(9002 + round);
    retailer.setMember("12345678", {
      items: [{ id, title: `Artigo novo ${round / 2}`, price: "15.00" }, ...member.items],
    });
  }
  // the search: a new matching listing each round, and now and then one with stains (excluded)
  retailer.searches.addCatalogItems([
    round % 3 === 0
      ? {
          id: String(81000 + round),
          title: `Nike Dunk com manchas ${round}`,
          price: "12.00",
          brand: "Nike",
          size: "41",
        }
      : {
          id: String(81000 + round),
          title: `Nike Dunk Low ${round}`,
          price: `${20 + (round % 10)}.00`,
          brand: "Nike",
          size: "42",
          condition: "Muito bom",
        },
  ]);
  // the price target: 89 € → 65 € (alerts) → 59 € (a new low, alerts again) → back to 89 €
  retailer.setProduct("cargo-pants", { price: ["89.00", "65.00", "59.00", "89.00"][round % 4] });
  console.log(`[loja] ronda ${round}: stock, preços e pesquisa alterados`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
