import { type Browser, type BrowserContext, expect, test } from "@playwright/test";
import { ASKED_CHECKS_ONLY, checkNow, type EngineApp, startEngineApp } from "./engine-app";
import { newAppContext } from "./helpers";
import { apiSession, type QualityApp, type StorageState } from "./quality-app";

/**
 * What real retailer shapes look like on the Monitor (issue 12), on a private app whose engine checks
 * the stand-in retailer (each product when it is added, the Slim again when the spec asks): an SFRA product priced in yen shows yen, never €; a Vinted profile's card
 * lists its items under "Artigos:"; an SFRA answer at odds with itself leaves the status as it was,
 * and the card's failure box opens what that check read. The spec opens its own 1280 and 390 px
 * contexts, so it runs once (in the desktop project).
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

const HAVAIANAS = "https://www.havaianas-store.com";
const VINTED = "https://www.vinted.pt";
const WIDTHS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

let engine: EngineApp | undefined;
let app: QualityApp;
let adminState: StorageState;

interface Product {
  name: string;
  lastCheck: string | null;
  lastError: string | null;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  engine = await startEngineApp([HAVAIANAS, VINTED]);
  const { retailer, hook } = engine;
  app = engine.app;
  retailer.setProduct("4000051", {
    name: "Havaianas Top Tóquio",
    sizes: ["37/38", "39/40"],
    allSizes: ["35/36", "37/38", "39/40"],
    price: "19800.00",
    currency: "JPY",
  });
  retailer.setProduct("4000052", { name: "Havaianas Slim", sizes: ["39/40"], allSizes: ["37/38", "39/40"] });
  retailer.setMember("6060", {
    login: "beatriz",
    era: "older",
    items: [
      { id: "61", title: "Casaco de ganga", price: "12.50" },
      { id: "62", title: "Saia plissada", price: "4.00" },
      { id: "63", title: "Blusa reservada", price: "7.50", reserved: true },
    ],
  });
  const api = await apiSession(app.url);
  for (const [name, url, platform] of [
    ["Top Tóquio", `${HAVAIANAS}/pt/pt/havaianas-top-toquio/4000051-BLACK.html`, "havaianas"],
    ["Slim", `${HAVAIANAS}/pt/pt/havaianas-slim/4000052-BLACK.html`, "havaianas"],
    ["Beatriz (Vinted)", `${VINTED}/member/6060-beatriz`, "vinted"],
  ]) {
    const res = await api.post("/api/products", {
      data: {
        name,
        url,
        productId: "",
        platform,
        checkInterval: ASKED_CHECKS_ONLY,
        webhookUrl: `${hook}/formas`,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const products = async () => (await (await api.get("/api/products")).json()) as Product[];
  await expect
    .poll(async () => (await products()).every((p) => p.lastCheck !== null), { timeout: 60_000 })
    .toBe(true);
  // the Slim's answer starts contradicting itself: IN_STOCK, ATS 38, no size orderable
  retailer.setProduct("4000052", { contradictory: true, status: "out_of_stock" });
  await checkNow(api, "Slim");
  await expect
    .poll(async () => (await products()).find((p) => p.name === "Slim")?.lastError ?? null, {
      timeout: 30_000,
    })
    .toBe("formato inesperado");
  adminState = await api.storageState();
  await api.dispose();
});

test.afterAll(async () => {
  await engine?.stop();
});

async function open(browser: Browser, width: keyof typeof WIDTHS): Promise<BrowserContext> {
  return newAppContext(browser, {
    baseURL: app.url,
    storageState: adminState,
    viewport: WIDTHS[width],
    phone: width === "mobile",
    theme: "light",
  });
}

for (const width of ["desktop", "mobile"] as const) {
  test(`formas reais (${WIDTHS[width].width} px): ienes sem €, 'Artigos:' da Vinted, a falha abre o que leu`, async ({
    browser,
  }) => {
    const context = await open(browser, width);
    const page = await context.newPage();
    await page.goto("/monitor");
    const cards = page.getByTestId("product-card");
    await expect(cards).toHaveCount(3);

    // priced in yen: the card says yen and never €
    const tokyo = cards.filter({ hasText: "Top Tóquio" });
    await expect(tokyo.getByTestId("status-badge")).toHaveText("Em Stock");
    await expect(tokyo).toContainText("37/38");
    if (width === "desktop") await expect(tokyo).toContainText(/19\s800\sJP¥/);
    await expect(tokyo).not.toContainText("€");

    // the Vinted profile lists what is on sale, the reserved item left out
    const vinted = cards.filter({ hasText: "Beatriz (Vinted)" });
    await expect(vinted).toContainText("Artigos:");
    await expect(vinted.getByRole("listitem").filter({ hasText: "Casaco de ganga" })).toBeVisible();
    await expect(vinted.getByRole("listitem").filter({ hasText: "Saia plissada" })).toBeVisible();
    await expect(vinted).not.toContainText("Blusa reservada");

    // an answer at odds with itself: the status stays, the failure says why and opens what was read
    const slim = cards.filter({ hasText: "Slim" });
    await expect(slim.getByTestId("status-badge")).toHaveText("Em Stock · último conhecido");
    await expect(slim).toContainText("Falha na verificação");
    await expect(slim).toContainText("formato inesperado");
    await slim.getByRole("button", { name: "Ver o que a verificação leu" }).click();
    const detail = page.getByTestId("check-dialog").getByTestId("check-detail");
    await expect(detail.getByTestId("check-verdict")).toHaveText("Falha: formato inesperado");
    await expect(detail).toContainText("o produto diz-se disponível mas nenhum tamanho está disponível");
    await expect(detail.getByTestId("check-exchanges")).toContainText("Product-Variation");
    await expect(detail).toContainText("Início da resposta");
    if (width === "mobile") {
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(WIDTHS.mobile.width);
    }
    await context.close();
  });
}
