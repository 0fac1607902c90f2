import { expect, type Page, test } from "@playwright/test";
import enCommon from "../client/src/locales/en/common.json" with { type: "json" };
import enSettings from "../client/src/locales/en/settings.json" with { type: "json" };
import esCommon from "../client/src/locales/es/common.json" with { type: "json" };
import esSettings from "../client/src/locales/es/settings.json" with { type: "json" };
import ptCommon from "../client/src/locales/pt/common.json" with { type: "json" };
import ptSettings from "../client/src/locales/pt/settings.json" with { type: "json" };
import { addNudeProducts, SHOP, startEngineApp } from "./engine-app";
import { isMobileProject, loginViaApi, screenshot, toast } from "./helpers";
import { apiSession } from "./quality-app";

test.describe.configure({ timeout: 180_000 });

const LANGUAGES = {
  pt: { common: ptCommon, settings: ptSettings, option: "Português", htmlLang: "pt-PT" },
  en: { common: enCommon, settings: enSettings, option: "English", htmlLang: "en-GB" },
  es: { common: esCommon, settings: esSettings, option: "Español", htmlLang: "es-ES" },
};
type Language = keyof typeof LANGUAGES;
const PAGES = ["status", "monitor", "inventory", "sales", "ranking", "history", "settings"] as const;

/**
 * Portuguese that neither English nor Spanish writes: its letters (ã, õ, ç), and words a screen
 * left untranslated would show. Names typed by the user below avoid them.
 */
const PORTUGUESE = {
  en: /[ãõçÃÕÇ]|\b(?:Adicionar|Guardar|Nenhum|Nenhuma|Utilizador|Produtos|Vendas|Inventário|Histórico|Lucro|Sem|Não|Ainda|Hoje)\b/,
  es: /[ãõçÃÕÇ]|\b(?:Adicionar|Nenhum|Nenhuma|Utilizador|Produtos|Vendas|Inventário|Histórico|Lucro|Sem|Não|Ainda|Hoje|Você)\b/,
};

async function loginAsFreshUser(page: Page) {
  const username = `idioma-${test.info().project.name}-${Date.now().toString(36)}`;
  await page.context().clearCookies();
  await loginViaApi(page);
  const created = await page.request.post("/api/admin/users", {
    data: { username, password: "password-e2e" },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  await page.context().clearCookies();
  await loginViaApi(page, username, "password-e2e");
}

/** moves inside the app by the navigation, in the language on screen, never reloading */
async function goTo(page: Page, language: Language, target: (typeof PAGES)[number]) {
  const { common } = LANGUAGES[language];
  const label = common.nav[target].label;
  if (isMobileProject()) {
    await page.getByRole("button", { name: common.frame.openMenu }).click();
    await page
      .getByRole("dialog")
      .getByRole("link", { name: new RegExp(`^${label}`) })
      .click();
  } else {
    await page
      .getByRole("complementary", { name: common.frame.mainNavigation })
      .getByRole("link", { name: new RegExp(`^${label}`) })
      .click();
  }
  await expect(page.getByRole("heading", { level: 1, name: label })).toBeVisible();
  await expect(page.locator("[data-slot=skeleton]")).toHaveCount(0);
}

async function chooseLanguage(page: Page, from: Language, to: Language) {
  const { settings, common } = LANGUAGES[from];
  await goTo(page, from, "settings");
  await page.getByRole("tab", { name: settings.page.tabs.user }).click();
  await page.getByRole("combobox", { name: settings.user.language }).click();
  await page.getByRole("option", { name: LANGUAGES[to].option }).click();
  await page.getByRole("button", { name: common.actions.save, exact: true }).click();
  // the screen changes language at once, the heading first
  await expect(
    page.getByRole("heading", { level: 1, name: LANGUAGES[to].common.nav.settings.label }),
  ).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", LANGUAGES[to].htmlLang);
  // this save's toast: the one of the language before may still be leaving
  await expect(toast(page, LANGUAGES[to].settings.user.saved)).toBeVisible();
  await expect(page.getByRole("combobox", { name: LANGUAGES[to].settings.user.language })).toContainText(
    LANGUAGES[to].option,
  );
}

test("em inglês e em espanhol, cada ecrã fala a língua escolhida, sem recarregar", async ({ page }) => {
  await loginAsFreshUser(page);
  const item = await (
    await page.request.post("/api/inventory", { data: { name: "Blue cap", price: "20" } })
  ).json();
  await page.request.post("/api/inventory", { data: { name: "Wool coat", price: "120" } });
  const sold = await page.request.post("/api/sales", {
    data: { inventoryItemId: item.id, salePrice: "45", fees: "2", platform: "Vinted" },
  });
  expect(sold.ok(), await sold.text()).toBeTruthy();
  const product = await page.request.post("/api/products", {
    data: {
      platform: "zara",
      name: "Zara coat",
      url: "https://www.zara.com/pt/pt/casaco-p02015602.html",
      webhookUrl: "https://162.159.135.232/api/webhooks/1/e2e", // a public address: no name to resolve
      checkInterval: 5000,
      isActive: false,
    },
  });
  expect(product.ok(), await product.text()).toBeTruthy();

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Status" })).toBeVisible();
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const main = page.getByRole("main");

  let current: Language = "pt";
  for (const language of ["en", "es"] as const) {
    await chooseLanguage(page, current, language);
    current = language;
    for (const target of PAGES) {
      await goTo(page, language, target);
      // biome-ignore lint/performance/useDomNodeTextContent: the words as shown, with the spaces between elements
      const text = await main.innerText();
      expect(text.match(PORTUGUESE[language])?.[0], `${language} ${target}: ${text}`).toBeUndefined();
      if (target === "monitor" || target === "sales") await screenshot(page, `${target}-${language}`);
    }
  }
  await chooseLanguage(page, current, "pt");
  await goTo(page, "pt", "monitor");
  await expect(main.getByText("Zara coat").first()).toBeVisible();
  await expect(main).toContainText("Desconhecido");
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
});

/** what the engine's lines say in each language: a check with its alert, and a failed check */
const ACTIVITY_WORDS = {
  en: {
    check: "In stock · sizes: M",
    alert: "Alert sent",
    failed: "Check failed",
    reason: "not found (HTTP 404)",
  },
  es: {
    check: "En stock · tallas: M",
    alert: "Alerta enviada",
    failed: "Fallo en la comprobación",
    reason: "no encontrado (HTTP 404)",
  },
};
/** the Portuguese an activity line said before it was stored as a code */
const PORTUGUESE_ACTIVITY =
  /Alerta enviado|Falha na verificação|Produto não encontrado|tamanhos|Verificação de stock/;

test("em inglês e em espanhol, o Histórico e o Resumo de Atividade dizem o que o motor fez nessa língua", async ({
  page,
}) => {
  // a private app whose engine reads a stand-in shop: one product in stock (an alert), one gone (404)
  const engine = await startEngineApp();
  try {
    engine.retailer.setProduct("hoodie-language", { name: "Hoodie", sizes: ["M"] });
    const api = await apiSession(engine.app.url);
    await addNudeProducts(
      api,
      [
        ["Hoodie", `${SHOP}/products/hoodie-language`],
        ["Ghost", `${SHOP}/products/ghost-language`],
      ],
      `${engine.hook}/language`,
    );
    await expect
      .poll(
        async () => {
          const lines = (await (await api.get("/api/activity")).json()) as { code: string }[];
          return ["check_status", "alert_sent", "check_failed"].every((c) => lines.some((l) => l.code === c));
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await page.context().clearCookies();
    await page.context().addCookies((await api.storageState()).cookies);
    await api.dispose();
    await page.goto(`${engine.app.url}/`);
    await expect(page.getByRole("heading", { level: 1, name: "Status" })).toBeVisible();
    const main = page.getByRole("main");

    let current: Language = "pt";
    for (const language of ["en", "es"] as const) {
      await chooseLanguage(page, current, language);
      current = language;
      const words = ACTIVITY_WORDS[language];
      for (const target of ["history", "status"] as const) {
        await goTo(page, language, target);
        for (const said of Object.values(words)) await expect(main).toContainText(said);
        // biome-ignore lint/performance/useDomNodeTextContent: the words as shown, with the spaces between elements
        const text = await main.innerText();
        expect(text.match(PORTUGUESE_ACTIVITY)?.[0], `${language} ${target}: ${text}`).toBeUndefined();
        expect(text.match(PORTUGUESE[language])?.[0], `${language} ${target}: ${text}`).toBeUndefined();
        if (target === "history") await screenshot(page, `history-activity-${language}`);
      }
    }
  } finally {
    await engine.stop();
  }
});

test("o ecrã de login segue a língua do browser", async ({ browser, baseURL }) => {
  for (const [locale, title] of [
    ["en-US", "Log in"],
    ["es-ES", "Iniciar sesión"],
    ["pt-PT", "Iniciar sessão"],
    ["fr-FR", "Iniciar sessão"],
  ] as const) {
    const context = await browser.newContext({ baseURL, locale, storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
    await context.close();
  }
});
