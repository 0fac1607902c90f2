import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { ADMIN_USERNAME } from "./constants";
import { newAppContext, type Theme } from "./helpers";
import {
  apiSession,
  createItem,
  createProduct,
  createUser,
  type QualityApp,
  type StorageState,
  sellItem,
  startQualityApp,
} from "./quality-app";
import {
  axeProblems,
  controlProblems,
  navigateInApp,
  overflowProblems,
  type Problems,
  screenshotTo,
  settle as settleRequests,
  sidebarProblems,
  textProblems,
  watchPage,
} from "./quality-checks";

/**
 * Every route of the app at 1280 and 390 px, light and dark (800 and 1024 px light), as an admin and as a user, on a
 * private app: no uncaught error, no console error, no 5xx, no serious axe violation, no sideways
 * scroll, no sidebar ending above the page's bottom, no English or unformatted text, and the
 * product's texts where they belong.
 * Each context loads its first screen and reaches the others through the app (navigateInApp), as a
 * person moves; the other specs load every route directly.
 * The suite opens its own contexts for both widths, so it runs once (in the "quality" project).
 */
// the tests share the workers: each worker starts its own app and seeds it for the tests it runs;
// the two whose data must meet no other test's (the empty states, the HTML names) start their own
test.describe.configure({ mode: "parallel", timeout: 480_000 });

type Role = "admin" | "user";
type ViewportName = "desktop" | "laptop" | "tablet" | "mobile";
const VIEWPORTS: Record<ViewportName, { width: number; height: number }> = {
  desktop: { width: 1280, height: 800 },
  laptop: { width: 1024, height: 768 },
  tablet: { width: 800, height: 1000 },
  mobile: { width: 390, height: 844 },
};
const THEMES: Theme[] = ["light", "dark"];

/**
 * 800 and 1024 px use the desktop layout with less room (the sidebar stays): what breaks there is
 * the layout, not the colours, so they run in the light theme only and the suite stays short
 */
const themesFor = (viewport: ViewportName, themes: Theme[]) =>
  viewport === "desktop" || viewport === "mobile" ? themes : themes.filter((t) => t === "light");
const isPhone = (viewport: ViewportName) => viewport === "mobile";
/**
 * axe reads structure and colours: both layouts' edges hold every component and both themes, so
 * the in-between widths (the same desktop layout with less room) get the layout checks only
 */
const AXE_VIEWPORTS: ViewportName[] = ["desktop", "mobile"];

/**
 * The widths in two groups, each a test of its own with its own time budget: the two layouts'
 * edges in both themes, and the two in-between widths in the light theme
 */
const WIDTH_GROUPS: { label: string; viewports: ViewportName[] }[] = [
  { label: "1280 e 390 px, claro e escuro", viewports: ["desktop", "mobile"] },
  { label: "1024 e 800 px, claro", viewports: ["laptop", "tablet"] },
];

const XSS = `<img src=x onerror="window.__xss=1">`;

/** what each account holds once seeded (names differ so a screen cannot show the other's data) */
const SEED = {
  admin: { product: "Casaco comprido de lã", sold: "Ténis Samba OG", inStock: "Casaco de ganga" },
  user: { product: "Sapatilhas Air Max 90", sold: "Mala de couro Parfois", inStock: "Camisola de malha" },
} as const;
const USER = { username: "ana.revenda", fullName: "Ana Revendedora" };

const NAVIGATION: [label: string, subtitle: string, adminOnly?: boolean][] = [
  ["Status", "Análise do perfil"],
  ["Monitor", "Monitorização"],
  ["Inventário", "Gestão de stock"],
  ["Vendas", "Registo de vendas"],
  ["Despesas", "Gastos do negócio"],
  ["Ranking", "Classificação"],
  ["Histórico", "Atividade recente"],
  ["Admin", "Gestão de usuários", true],
  ["Configurações", "Personalizar"],
];

interface Situation {
  role: Role;
  seeded: boolean;
  /** the app, when not the worker's */
  on?: Site;
}

interface RouteCheck {
  path: string;
  name: string;
  /** the product's texts (or the screen's) that must be visible in this situation */
  texts: (s: Situation) => string[];
}

const ACCESS_DENIED_ADMIN =
  "Você não tem permissão para acessar esta página. Apenas administradores podem gerir usuários.";
const ACCESS_DENIED_STAFF = "Você não tem permissão para aceder ao painel de administração.";

const ROUTES: RouteCheck[] = [
  { path: "/", name: "inicio", texts: () => ["Estado do Inventário", "Resumo de Atividade"] },
  { path: "/status", name: "status", texts: () => ["Estado do Inventário", "Resumo de Atividade"] },
  {
    path: "/monitor",
    name: "monitor",
    texts: (s) => (s.seeded ? [SEED[s.role].product] : ["Nenhum produto encontrado"]),
  },
  {
    path: "/inventory",
    name: "inventory",
    texts: (s) =>
      s.seeded ? [SEED[s.role].sold, SEED[s.role].inStock] : ["Inventário Vazio", "Adicionar Primeiro Item"],
  },
  {
    path: "/sales",
    name: "sales",
    texts: (s) => (s.seeded ? [SEED[s.role].sold, "Vinted"] : ["Ainda não há vendas"]),
  },
  { path: "/expenses", name: "expenses", texts: () => ["Ainda não há despesas"] },
  {
    path: "/admin",
    name: "admin",
    texts: (s) =>
      s.role === "user"
        ? ["Acesso Negado", ACCESS_DENIED_ADMIN]
        : ["Gestão de Usuários", "Métricas Financeiras", USER.username],
  },
  {
    path: "/staff-admin",
    name: "staff-admin",
    texts: (s) =>
      s.role === "user"
        ? ["Acesso Negado", ACCESS_DENIED_STAFF]
        : ["Painel de Administração", "Total de utilizadores", USER.username],
  },
  {
    path: "/ranking",
    name: "ranking",
    texts: (s) =>
      s.seeded ? [USER.fullName, `@${ADMIN_USERNAME}`] : ["Nenhum usuário com vendas encontrado"],
  },
  {
    path: "/profile",
    name: "profile",
    texts: (s) => (s.role === "admin" ? ["Conta de administrador"] : ["Receber notificações de stock"]),
  },
  {
    path: "/history",
    name: "history",
    texts: (s) => (s.seeded ? ["Produto adicionado", SEED[s.role].product] : ["Sem atividade registada"]),
  },
  { path: "/settings", name: "settings", texts: () => ["Restaurar Padrões", "Intervalo padrão"] },
  { path: "/pagina-que-nao-existe", name: "not-found", texts: () => ["404 Page Not Found"] },
];

/** an app of the suite's own with the administrator and the user signed in */
interface Site {
  app: QualityApp;
  adminState: StorageState;
  userState: StorageState;
}

async function startSite(): Promise<Site> {
  const app = await startQualityApp();
  const admin = await apiSession(app.url);
  const adminState = await admin.storageState();
  await createUser(admin, USER.username, USER.fullName);
  await admin.dispose();
  const user = await apiSession(app.url, USER.username, "password-qualidade");
  const userState = await user.storageState();
  await user.dispose();
  return { app, adminState, userState };
}

/**
 * An app and its data for one test alone: the empty states (the ranking is every user's) and the
 * HTML names must not meet what the other tests of the worker write
 */
async function withOwnSite<T>(run: (own: Site) => Promise<T>): Promise<T> {
  const own = await startSite();
  try {
    return await run(own);
  } finally {
    await own.app.stop();
  }
}

/** the worker's app: each worker running this file starts one (the tests run in parallel) */
let site: Site;

test.beforeAll(async () => {
  // the server starts slowly on a busy machine
  test.setTimeout(180_000);
  site = await startSite();
});

test.afterAll(async () => {
  await site?.app.stop();
});

async function openContext(
  browser: Browser,
  state: StorageState | undefined,
  viewport: ViewportName,
  theme: Theme,
  baseURL = site.app.url,
): Promise<BrowserContext> {
  return newAppContext(browser, {
    baseURL,
    storageState: state ?? { cookies: [], origins: [] },
    viewport: VIEWPORTS[viewport],
    phone: isPhone(viewport),
    theme,
  });
}

/** the screen has data, not a skeleton, and nothing is still on its way */
async function settle(page: Page) {
  await settleRequests(page);
  await expect(page.locator("[data-slot=skeleton]")).toHaveCount(0);
}

async function expectTexts(page: Page, texts: string[], where: string) {
  for (const text of texts) {
    await expect
      .soft(page.getByText(text, { exact: false }).filter({ visible: true }).first(), `${where}: «${text}»`)
      .toBeVisible();
  }
}

async function expectNavigation(page: Page, role: Role, viewport: ViewportName, shot: string) {
  const entries = NAVIGATION.filter(([, , adminOnly]) => role === "admin" || !adminOnly);
  let nav = page.getByRole("complementary", { name: "Navegação principal" });
  if (viewport === "mobile") {
    await page.getByRole("button", { name: "Abrir menu" }).click();
    nav = page.getByRole("dialog");
    await expect(nav).toBeVisible();
  }
  const links = nav.getByRole("navigation").getByRole("link");
  await expect.soft(links, `${shot}: entradas da navegação`).toHaveCount(entries.length);
  for (const [index, [label, subtitle]] of entries.entries()) {
    await expect.soft(links.nth(index), `${shot}: navegação`).toContainText(label);
    await expect.soft(links.nth(index), `${shot}: navegação`).toContainText(subtitle);
  }
  await expect.soft(nav, `${shot}: versão`).toContainText("v1.0");
  if (viewport === "mobile") {
    // the drawer covers the window, not the page
    await screenshotTo(page, `${shot}-drawer`, { fullPage: false });
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
  }
}

/** Visits every route in one context and returns what is wrong, screenshots on the way. */
async function visitAll(
  browser: Browser,
  situation: Situation,
  viewport: ViewportName,
  theme: Theme,
  label: string,
): Promise<Problems> {
  const on = situation.on ?? site;
  const context = await openContext(
    browser,
    situation.role === "admin" ? on.adminState : on.userState,
    viewport,
    theme,
    on.app.url,
  );
  const page = await context.newPage();
  const problems: Problems = [];
  let where = `${label}-${viewport}-${theme}`;
  watchPage(page, problems, () => where);
  try {
    for (const route of ROUTES) {
      const shot = `${label}-${route.name}-${viewport}-${theme}`;
      where = shot;
      await navigateInApp(page, route.path);
      await settle(page);
      await expect(page.getByRole("button", { name: /^Menu de / })).toBeVisible();
      await expectTexts(page, route.texts(situation), shot);
      if (route.path === "/") await expectNavigation(page, situation.role, viewport, shot);
      problems.push(...(await textProblems(page, shot)));
      problems.push(...(await overflowProblems(page, shot)));
      problems.push(...(await controlProblems(page, shot)));
      if (!isPhone(viewport)) problems.push(...(await sidebarProblems(page, shot)));
      if (AXE_VIEWPORTS.includes(viewport)) problems.push(...(await axeProblems(page, shot)));
      await screenshotTo(page, shot);
    }
  } finally {
    await context.close();
  }
  return problems;
}

function expectNoProblems(problems: Problems) {
  expect(problems, `\n${problems.join("\n")}\n`).toEqual([]);
}

async function everyCombination(
  browser: Browser,
  situation: Situation,
  label: string,
  themes = THEMES,
  viewports = Object.keys(VIEWPORTS) as ViewportName[],
) {
  const runs = viewports.flatMap((viewport) =>
    themesFor(viewport, themes).map((theme) => () => visitAll(browser, situation, viewport, theme, label)),
  );
  // two contexts at a time: four widths in two themes at once starve a 2-core machine
  const problems: Problems = [];
  for (let i = 0; i < runs.length; i += 2) {
    problems.push(...(await Promise.all(runs.slice(i, i + 2).map((run) => run()))).flat());
  }
  return problems;
}

test("sem dados: cada ecrã mostra o seu estado vazio", async ({ browser }) => {
  const problems = await withOwnSite((on) =>
    everyCombination(browser, { role: "user", seeded: false, on }, "user-empty", ["light"]),
  );
  expectNoProblems(problems);
});

test("sem sessão: o ecrã de login em todas as larguras e temas, também numa rota qualquer", async ({
  browser,
}) => {
  const problems: Problems = [];
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    for (const theme of themesFor(viewport, THEMES)) {
      const context = await openContext(browser, undefined, viewport, theme);
      const page = await context.newPage();
      const shot = `anonymous-login-${viewport}-${theme}`;
      watchPage(page, problems, () => shot, { loggedOut: true });
      for (const path of ["/login", "/inventory"]) {
        await page.goto(path);
        await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
        await expectTexts(page, ["Iniciar sessão", "Entre com o seu utilizador e password."], shot);
        await expect.soft(page.getByLabel("Utilizador", { exact: true })).toBeVisible();
        await expect.soft(page.getByLabel("Password", { exact: true })).toBeVisible();
      }
      problems.push(...(await textProblems(page, shot)));
      problems.push(...(await overflowProblems(page, shot)));
      problems.push(...(await axeProblems(page, shot)));
      await screenshotTo(page, shot);
      await context.close();
    }
  }
  expectNoProblems(problems);
});

let seeded: Promise<void> | undefined;
function ensureSeeded(): Promise<void> {
  seeded ??= seedBothAccounts();
  return seeded;
}

async function seedBothAccounts() {
  const seedAccount = async (role: Role, username: string, password?: string) => {
    const api = await apiSession(site.app.url, username, password);
    const seed = SEED[role];
    await createProduct(api, seed.product, role === "admin" ? "02015602" : "04567890");
    const sold = await createItem(api, seed.sold, "45.10", { sku: "B75806", size: "42" });
    await createItem(api, seed.inStock, "20.00", { purchaseLocation: "Feira da Ladra" });
    await sellItem(api, sold.id, role === "admin" ? "100" : "80.5");
    await api.dispose();
  };
  await seedAccount("admin", ADMIN_USERNAME);
  await seedAccount("user", USER.username, "password-qualidade");
}

test.describe("com dados", () => {
  test.beforeAll(() => ensureSeeded());

  // one test per role and width: 1280 and 390 px in both themes in one test took 8.1 min on CI
  for (const role of ["admin", "user"] as Role[]) {
    for (const viewport of WIDTH_GROUPS.flatMap((group) => group.viewports)) {
      const themes = themesFor(viewport, THEMES);
      test(`${role === "admin" ? "administrador" : "utilizador"}: cada rota, ${VIEWPORTS[viewport].width} px, ${themes.length > 1 ? "claro e escuro" : "claro"}`, async ({
        browser,
      }) => {
        expectNoProblems(await everyCombination(browser, { role, seeded: true }, role, THEMES, [viewport]));
      });
    }
  }
});

/**
 * The layout rules in the two other languages, whose words run longer (Spanish most): each route
 * at 1280 and 390 px, light, for a user with data who reads the app in that language. The texts
 * themselves are the catalogue tests' and languages.spec's.
 */
const LANGUAGE_LAYOUTS = [
  { language: "en", htmlLang: "en-GB", reference: "03456789" },
  { language: "es", htmlLang: "es-ES", reference: "05678901" },
] as const;

for (const { language, htmlLang, reference } of LANGUAGE_LAYOUTS) {
  test(`${language}: cada rota a 1280 e 390 px, nada passa a largura nem sai da sua caixa`, async ({
    browser,
  }) => {
    const username = `qualidade-${language}`;
    const admin = await apiSession(site.app.url);
    await createUser(admin, username, `Qualidade ${language}`);
    await admin.dispose();
    const api = await apiSession(site.app.url, username, "password-qualidade");
    const saved = await api.put("/api/settings", { data: { user: { language } } });
    expect(saved.ok(), await saved.text()).toBeTruthy();
    await createProduct(api, "Casaco comprido de lã com capuz", reference);
    const sold = await createItem(api, "Ténis de corrida", "45.10", { sku: "B75806", size: "42" });
    await createItem(api, "Camisola de malha", "20.00");
    await sellItem(api, sold.id, "80.5");
    const state = await api.storageState();
    await api.dispose();

    const problems: Problems = [];
    for (const viewport of ["desktop", "mobile"] as ViewportName[]) {
      const context = await openContext(browser, state, viewport, "light");
      const page = await context.newPage();
      let where = `${language}-${viewport}`;
      watchPage(page, problems, () => where);
      for (const route of ROUTES) {
        where = `${language}-${route.name}-${viewport}-light`;
        await navigateInApp(page, route.path);
        await settle(page);
        await expect(page.locator("html")).toHaveAttribute("lang", htmlLang);
        problems.push(...(await overflowProblems(page, where)));
        problems.push(...(await controlProblems(page, where)));
        await screenshotTo(page, where);
      }
      await context.close();
    }
    expectNoProblems(problems);
  });
}

interface DialogCheck {
  name: string;
  path: string;
  open: (page: Page) => Promise<void>;
  /** a tab or another view of the screen: nothing to close, the whole page is the screenshot */
  view?: true;
  /** the phone layout has no such view ("wide"), or only it has ("mobile") */
  only?: "wide" | "mobile";
}

const tab = (name: string) => async (page: Page) => {
  await page.getByRole("tab", { name }).click();
  await expect(page.getByRole("tab", { name })).toHaveAttribute("data-state", "active");
};

const inStockCard = (page: Page) =>
  page.getByTestId("inventory-item").filter({ hasText: SEED.admin.inStock });

/** every dialog and menu that opens over a screen, opened empty, and the views behind tabs */
const DIALOGS: DialogCheck[] = [
  {
    name: "produto",
    path: "/monitor",
    open: (page) => page.getByRole("button", { name: "Adicionar Produto" }).click(),
  },
  {
    name: "remover-produto",
    path: "/monitor",
    open: (page) =>
      page.getByTestId("product-card").first().getByRole("button", { name: "Remover produto" }).click(),
  },
  {
    // the seeded pages cannot be reached (no network): the panel shows the failure it read
    name: "testar-agora",
    path: "/monitor",
    open: async (page) => {
      await page.getByTestId("product-card").first().getByRole("button", { name: "Testar agora" }).click();
      await expect(page.getByTestId("check-detail")).toBeVisible({ timeout: 20_000 });
    },
  },
  {
    name: "novo-item",
    path: "/inventory",
    open: (page) => page.getByRole("button", { name: "Novo Item" }).click(),
  },
  {
    name: "vender-item",
    path: "/inventory",
    open: (page) => inStockCard(page).getByRole("button", { name: "Vender" }).click(),
  },
  {
    name: "estado-item",
    path: "/inventory",
    open: (page) => inStockCard(page).getByRole("button", { name: "Estado" }).click(),
  },
  {
    name: "nova-venda",
    path: "/sales",
    open: (page) => page.getByRole("button", { name: "Nova Venda" }).first().click(),
  },
  {
    // the error state is a screen too: readable, accessible, in Portuguese (what each form says and
    // refuses is its screen test's: sell-item-dialog, new-sale-dialog, settings-limits)
    name: "nova-venda-erros",
    path: "/sales",
    open: async (page) => {
      await page.getByRole("button", { name: "Nova Venda" }).first().click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Registrar Venda" }).click();
      await expect(dialog.getByText("Preço de venda obrigatório")).toBeVisible();
    },
  },
  {
    name: "nova-despesa",
    path: "/expenses",
    open: (page) => page.getByRole("button", { name: "Nova Despesa" }).first().click(),
  },
  {
    name: "novo-utilizador",
    path: "/staff-admin",
    open: (page) => page.getByRole("button", { name: "Novo Utilizador" }).click(),
  },
  {
    name: "menu-avatar",
    path: "/",
    open: (page) => page.getByRole("button", { name: /^Menu de / }).click(),
  },
  { name: "admin-metricas", path: "/admin", view: true, open: tab("Métricas Financeiras") },
  {
    name: "admin-metricas-editar",
    path: "/admin",
    view: true,
    open: async (page) => {
      await tab("Métricas Financeiras")(page);
      await page.getByRole("button", { name: "Editar" }).click();
      await expect(page.getByLabel("Itens vendidos")).toBeVisible();
    },
  },
  { name: "settings-global", path: "/settings", view: true, open: tab("Global") },
  { name: "settings-sistema", path: "/settings", view: true, open: tab("Sistema") },
  { name: "settings-utilizador", path: "/settings", view: true, open: tab("Utilizador") },
  {
    name: "inventory-lista",
    path: "/inventory",
    view: true,
    open: (page) => page.getByRole("button", { name: "Vista em lista" }).click(),
  },
  {
    name: "history-tabela",
    path: "/history",
    view: true,
    only: "wide",
    open: (page) => page.getByRole("button", { name: "Vista em tabela" }).click(),
  },
  {
    name: "history-cartoes",
    path: "/history",
    view: true,
    only: "wide",
    open: (page) => page.getByRole("button", { name: "Vista em cartões" }).click(),
  },
  // last: the list view is remembered for the screens visited after it
  {
    name: "monitor-lista",
    path: "/monitor",
    view: true,
    open: (page) => page.getByRole("button", { name: "Vista em lista" }).click(),
  },
  {
    name: "monitor-lista-menu",
    path: "/monitor",
    open: (page) =>
      page
        .getByTestId("product-row")
        .first()
        .getByRole("button", { name: /^Ações de / })
        .click(),
  },
];

async function visitDialogs(browser: Browser, viewport: ViewportName, theme: Theme): Promise<Problems> {
  const context = await openContext(browser, site.adminState, viewport, theme);
  const page = await context.newPage();
  const problems: Problems = [];
  let where = "";
  watchPage(page, problems, () => where);
  try {
    for (const dialog of DIALOGS.filter((d) => !d.only || (d.only === "mobile") === isPhone(viewport))) {
      where = `admin-dialog-${dialog.name}-${viewport}-${theme}`;
      // the screen is loaded once and each layer opened over it in turn, as a person does (the
      // last one was closed with Escape and checked gone); a view's tab is clicked again
      if (new URL(page.url()).pathname !== dialog.path) {
        await navigateInApp(page, dialog.path);
        await settle(page);
      }
      await dialog.open(page);
      const layer = page.getByRole("dialog").or(page.getByRole("alertdialog")).or(page.getByRole("menu"));
      if (!dialog.view) await expect(layer.first()).toBeVisible();
      // the opening animation ends before the colours are measured
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
      );
      problems.push(...(await textProblems(page, where)));
      problems.push(...(await overflowProblems(page, where)));
      if (AXE_VIEWPORTS.includes(viewport)) problems.push(...(await axeProblems(page, where)));
      await screenshotTo(page, where, { fullPage: !!dialog.view });
      if (dialog.view) continue;
      await page.keyboard.press("Escape");
      await expect(layer).toHaveCount(0);
    }
  } finally {
    await context.close();
  }
  return problems;
}

// one test per width and theme: 1280 px in both themes in one test took 8.1 min on CI, past its 8
for (const viewport of WIDTH_GROUPS.flatMap((group) => group.viewports)) {
  for (const theme of themesFor(viewport, THEMES)) {
    test(`cada diálogo e menu, ${VIEWPORTS[viewport].width} px, ${theme === "dark" ? "escuro" : "claro"}`, async ({
      browser,
    }) => {
      await ensureSeeded();
      expectNoProblems(await visitDialogs(browser, viewport, theme));
    });
  }
}

/** Stored text is shown as text: a name that is HTML must never become an element or run. */
test("nomes com HTML aparecem literalmente e nada corre", async ({ browser }) => {
  await withOwnSite(async (on) => {
    const admin = await apiSession(on.app.url);
    await createProduct(admin, XSS, "09876543");
    const item = await createItem(admin, XSS, "10.00");
    await sellItem(admin, item.id, "15");
    await createItem(admin, XSS, "12.00");
    await createUser(admin, XSS, null);
    await admin.dispose();
    const victim = await apiSession(on.app.url, XSS, "password-qualidade");
    const theirs = await createItem(victim, XSS, "5.00");
    await sellItem(victim, theirs.id, "9");
    await victim.dispose();

    const problems: Problems = [];
    for (const viewport of ["desktop", "mobile"] as ViewportName[]) {
      const context = await openContext(browser, on.adminState, viewport, "light", on.app.url);
      const page = await context.newPage();
      let where = "";
      watchPage(page, problems, () => where);
      for (const path of [
        "/monitor",
        "/inventory",
        "/sales",
        "/history",
        "/ranking",
        "/admin",
        "/staff-admin",
      ]) {
        where = `xss-${path.slice(1)}-${viewport}`;
        await navigateInApp(page, path);
        await settle(page);
        await expect
          .soft(page.getByText(XSS).filter({ visible: true }).first(), `${where}: texto literal`)
          .toBeVisible();
        await expect.soft(page.locator('img[src="x"]'), `${where}: nenhum <img> injetado`).toHaveCount(0);
        expect.soft(await page.evaluate(() => (window as { __xss?: unknown }).__xss), where).toBeUndefined();
      }
      // the select of Nova Venda lists items by name too
      where = `xss-nova-venda-${viewport}`;
      await page.goto("/sales");
      await page.getByRole("button", { name: "Nova Venda" }).first().click();
      await page.getByRole("dialog").getByRole("combobox").first().click();
      await expect.soft(page.getByRole("option").filter({ hasText: XSS }).first(), where).toBeVisible();
      expect.soft(await page.evaluate(() => (window as { __xss?: unknown }).__xss), where).toBeUndefined();
      await screenshotTo(page, `admin-xss-${viewport}-light`);
      await context.close();
    }
    expectNoProblems(problems);
  });
});
