import { type Browser, expect, type Page, test } from "@playwright/test";
import { newAppContext, type Theme } from "./helpers";
import {
  apiSession,
  createProduct,
  type QualityApp,
  type StorageState,
  startQualityApp,
} from "./quality-app";
import { overflowProblems, screenshotTo } from "./quality-checks";

/**
 * The Monitor's toolbar (search, view switch, status filter, start/stop/refresh) at every width a
 * reseller's phone, tablet or laptop gives it, in each language of the app: every control keeps
 * its text and icons inside its own box, the status filter's text is whole, no two overlap and
 * none leaves the window. The page's own
 * sideways scroll (what the quality suite checks) misses a select whose text runs past its border.
 * A private app (engine off); the spec opens its own contexts, so it runs once (desktop project).
 */
test.describe.configure({ timeout: 240_000 });

const LANGUAGES = ["pt", "en", "es"] as const;
type Language = (typeof LANGUAGES)[number];
/** the phone, the mobile layout's widest, the desktop layout from its narrowest to 1280 */
const WIDTHS = [390, 768, 800, 900, 1024, 1280] as const;

let app: QualityApp;
let adminState: StorageState;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  app = await startQualityApp();
  const api = await apiSession(app.url);
  await createProduct(api, "Casaco comprido de lã", "101");
  adminState = await api.storageState();
  await api.dispose();
});

test.afterAll(async () => {
  await app?.stop();
});

async function setLanguage(browser: Browser, language: Language) {
  const context = await browser.newContext({ baseURL: app.url, storageState: adminState });
  const saved = await context.request.put("/api/settings", { data: { user: { language } } });
  expect(saved.ok(), await saved.text()).toBe(true);
  await context.close();
}

/**
 * What does not fit in the toolbar: a control's text or icon outside its border (text clipped
 * with an ellipsis by its own box is fine), a control outside the window, two controls overlapping.
 */
async function toolbarProblems(page: Page, where: string): Promise<string[]> {
  const found = await page.getByTestId("list-toolbar").evaluate((toolbar) => {
    const problems: string[] = [];
    const name = (el: Element) =>
      el.getAttribute("aria-label") || el.textContent?.trim() || el.tagName.toLowerCase();
    const controls = [
      ...toolbar.querySelectorAll<HTMLElement>("button, input, [role=combobox], fieldset"),
    ].filter(
      (el) =>
        el.getBoundingClientRect().width > 0 &&
        // a button inside the view switch is checked with the switch
        !(el.tagName === "BUTTON" && el.closest("fieldset")),
    );
    const width = document.documentElement.clientWidth;
    const clipped = (node: Node, control: Element) => {
      for (let el = node.parentElement; el && el !== control; el = el.parentElement) {
        if (getComputedStyle(el).overflowX !== "visible") return true;
      }
      return false;
    };
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.left < -0.5 || box.right > width + 0.5)
        problems.push(`«${name(control)}» sai da janela (${Math.round(box.left)}–${Math.round(box.right)})`);
      const parts: { what: string; rect: DOMRect }[] = [];
      for (const el of control.querySelectorAll("*")) {
        const rect = el.getBoundingClientRect();
        if (rect.width > 0) parts.push({ what: el.tagName.toLowerCase(), rect });
      }
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || clipped(node, control)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const rect = range.getBoundingClientRect();
        // a label hidden at this width has no box
        if (rect.width > 0) parts.push({ what: `«${node.textContent.trim()}»`, rect });
      }
      for (const { what, rect } of parts) {
        if (rect.left < box.left - 1 || rect.right > box.right + 1)
          problems.push(`«${name(control)}»: ${what} passa a borda do controlo`);
      }
    }
    // the filter's chosen text may end in "…" only where no width could hold it: here it must not
    for (const value of toolbar.querySelectorAll<HTMLElement>("[data-slot=select-value]")) {
      if (value.scrollWidth > value.clientWidth + 1) problems.push(`«${value.textContent}» aparece cortado`);
    }
    for (const [i, a] of controls.entries()) {
      for (const b of controls.slice(i + 1)) {
        if (a.contains(b) || b.contains(a)) continue;
        const r = a.getBoundingClientRect();
        const s = b.getBoundingClientRect();
        const overlap = Math.min(r.right, s.right) - Math.max(r.left, s.left);
        const vertical = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
        if (overlap > 1 && vertical > 1) problems.push(`«${name(a)}» e «${name(b)}» sobrepõem-se`);
      }
    }
    return problems;
  });
  return found.map((p) => `${where}: ${p}`);
}

/**
 * The widths in the contexts that load them: the phone (touch) and the dark 768 px each their own,
 * the light desktop widths one context whose window is resized (a new context costs a renderer and
 * a first load of every file; the desktop layout follows the width through CSS and `matchMedia`, so
 * a resize shows what a load at that width would)
 */
const CONTEXTS: { widths: readonly number[]; phone: boolean; theme: Theme }[] = [
  { widths: [390], phone: true, theme: "light" },
  { widths: [768], phone: false, theme: "dark" },
  { widths: [800, 900, 1024, 1280], phone: false, theme: "light" },
];

for (const language of LANGUAGES) {
  test(`a barra do Monitor cabe de 390 a 1280 px (${language})`, async ({ browser }) => {
    await setLanguage(browser, language);
    const problems: string[] = [];
    const seen: number[] = [];
    for (const { widths, phone, theme } of CONTEXTS) {
      const context = await newAppContext(browser, {
        baseURL: app.url,
        storageState: adminState,
        viewport: { width: widths[0], height: 900 },
        phone,
        theme,
      });
      const page = await context.newPage();
      for (const width of widths) {
        if (width === widths[0]) await page.goto("/monitor");
        else await page.setViewportSize({ width, height: 900 });
        await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
        await expect(page.getByTestId("product-card")).toHaveCount(1);
        await expect(page.getByTestId("list-toolbar")).toBeVisible();
        const where = `barra-monitor-${language}-${width}`;
        problems.push(...(await toolbarProblems(page, where)));
        problems.push(...(await overflowProblems(page, where)));
        await screenshotTo(page, where, { fullPage: false });
        seen.push(width);
      }
      await context.close();
    }
    expect(seen).toEqual([...WIDTHS]);
    expect(problems, `\n${problems.join("\n")}\n`).toEqual([]);
  });
}

test("a barra ainda cabe com um filtro escolhido e a vista em lista (es, 390 e 800 px)", async ({
  browser,
}) => {
  await setLanguage(browser, "es");
  const problems: string[] = [];
  for (const width of [390, 800]) {
    const context = await newAppContext(browser, {
      baseURL: app.url,
      storageState: adminState,
      viewport: { width, height: 900 },
      phone: width === 390,
      theme: "light",
    });
    const page = await context.newPage();
    await page.goto("/monitor");
    await page.getByRole("combobox", { name: "Filtrar por estado" }).click();
    await page.getByRole("option", { name: "Desconocido" }).click();
    await page.getByRole("button", { name: "Vista de lista" }).click();
    const where = `barra-monitor-es-${width}-filtro`;
    problems.push(...(await toolbarProblems(page, where)));
    problems.push(...(await overflowProblems(page, where)));
    await screenshotTo(page, where, { fullPage: false });
    await context.close();
  }
  await setLanguage(browser, "pt");
  expect(problems, `\n${problems.join("\n")}\n`).toEqual([]);
});
