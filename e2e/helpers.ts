import fs from "node:fs";
import path from "node:path";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Locator,
  type Page,
  test,
} from "@playwright/test";
import { ADMIN_PASSWORD, ADMIN_USERNAME, TAKE_SCREENSHOTS } from "./constants";

export { ADMIN_PASSWORD, ADMIN_USERNAME };

export type Theme = "light" | "dark";
/**
 * The themes a flow repeats itself in when its dark run checks nothing the light one does not (a
 * layout, a flow, a timing): the dark one only when pictures are taken. Colours in the dark theme
 * are the quality pass's and the axe scans' (both themes at 390 and 1280 px).
 */
export const THEMES_OF_A_FLOW: Theme[] = TAKE_SCREENSHOTS ? ["light", "dark"] : ["light"];
export const THEME_STORAGE_KEY = "stock-monitor-theme";

/**
 * No cookies, no local storage. A context a test opens with `browser.newContext()` inherits the
 * project's storageState, the admin session every spec shares: a login or an accepted invite in
 * such a context would end that session for everyone (a login ends the session its cookie names).
 */
export const NO_SESSION = { cookies: [], origins: [] };

/** For specs that start logged out (the projects default to the shared admin session). */
export const loggedOut = { storageState: NO_SESSION };

/** Logs in through the login form and waits for the frame. */
export async function loginViaForm(page: Page, username = ADMIN_USERNAME, password = ADMIN_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Utilizador", { exact: true }).fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("button", { name: /^Menu de / })).toBeVisible();
}

/**
 * Logs in with the API (the browser context keeps the session cookie). The context's cookies go
 * first: a login ends the session its cookie names, and that may be the admin session every spec
 * shares (ADMIN_STATE).
 */
export async function loginViaApi(page: Page, username = ADMIN_USERNAME, password = ADMIN_PASSWORD) {
  await page.context().clearCookies();
  const response = await page.request.post("/api/login", { data: { username, password } });
  expect(response.ok(), `login de ${username}: ${response.status()}`).toBeTruthy();
  return (await response.json()) as { id: number; username: string; role: string };
}

/** Creates a user as the logged-in admin of `page` and returns its credentials. */
export async function createUserViaApi(
  page: Page,
  user: { username: string; password?: string; role?: "admin" | "user"; fullName?: string; email?: string },
) {
  const password = user.password ?? "password-e2e";
  const response = await page.request.post("/api/admin/users", { data: { ...user, password } });
  expect(response.ok(), `criar ${user.username}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return { ...(await response.json()), password } as { id: number; username: string; password: string };
}

/** a new user of this project, signed in in the page's context (the admin creates it) */
export async function signInAsNewUser(page: Page, prefix: string) {
  await loginViaApi(page);
  const user = await createUserViaApi(page, {
    username: `${prefix}-${test.info().project.name}-${Date.now().toString(36)}`.slice(0, 30),
  });
  await loginViaApi(page, user.username, user.password);
  return user;
}

export async function expectTheme(page: Page, theme: Theme) {
  const html = page.locator("html");
  if (theme === "dark") await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  else await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
}

/** Stores the theme the way the app does and reloads, so the page starts in it. */
export async function setTheme(page: Page, theme: Theme) {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme]);
  await page.reload();
  await expectTheme(page, theme);
}

/**
 * Light and dark screenshots of the current page, back to light afterwards. Changing the theme
 * reloads the page, so `reopen` brings back what the screenshot is meant to show (a tab). The
 * round trip (three reloads) is only for the pictures: without them (TAKE_SCREENSHOTS) the page
 * stays as it is.
 */
export async function screenshotBothThemes(
  page: Page,
  name: string,
  reopen: () => Promise<void> = async () => {},
) {
  if (!TAKE_SCREENSHOTS) return;
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    await reopen();
    await screenshot(page, `${name}-${theme}`);
  }
  await setTheme(page, "light");
  await reopen();
}

/**
 * A form submitted with errors: react-hook-form focuses its first invalid field at once and again
 * in a timer of its own, so a `fill` begun before that timer runs can have its text typed into that
 * field (seen: the e-mail typed after the user name). A timer the page queues now runs after it.
 */
export async function afterInvalidSubmit(page: Page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** Full-page PNG in artifacts/screenshots/<name>-<project>.png, after animations settle (TAKE_SCREENSHOTS). */
export async function screenshot(page: Page, name: string) {
  if (!TAKE_SCREENSHOTS) return "";
  const file = screenshotFile(name);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
  return file;
}

/** One element's PNG in artifacts/screenshots/<name>-<project>.png (TAKE_SCREENSHOTS). */
export async function elementScreenshot(locator: Locator, name: string) {
  if (!TAKE_SCREENSHOTS) return;
  const file = screenshotFile(name);
  await locator.page().evaluate(() => document.fonts.ready);
  await locator.screenshot({ path: file, animations: "disabled" });
}

function screenshotFile(name: string): string {
  const file = path.join("artifacts", "screenshots", `${name}-${test.info().project.name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return file;
}

/**
 * With SHOTS_DIR set: the page in the light and the dark theme, <name>-<project>-<theme>.png, to
 * look at a changed screen by eye (nothing is taken otherwise)
 */
export async function themeShots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle("dark", on), dark);
    const file = path.join(dir, `${name}-${test.info().project.name}-${dark ? "dark" : "light"}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

export function isMobileProject(): boolean {
  return test.info().project.name === "mobile";
}

/**
 * A browser context as a reseller in Lisbon sees the app: one width (with a phone's touch), the
 * theme already stored before the first page loads, Portuguese and Lisbon's clock.
 */
export async function newAppContext(
  browser: Browser,
  options: {
    baseURL: string;
    storageState?: BrowserContextOptions["storageState"];
    viewport: { width: number; height: number };
    phone: boolean;
    theme: Theme;
    permissions?: string[];
  },
): Promise<BrowserContext> {
  const { phone, theme, ...rest } = options;
  const context = await browser.newContext({
    storageState: NO_SESSION,
    ...rest,
    isMobile: phone,
    hasTouch: phone,
    colorScheme: theme,
    locale: "pt-PT",
    timezoneId: "Europe/Lisbon",
  });
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme]);
  return context;
}

/**
 * Reads (GET) of `pattern` answer a proxy's 503 until `recover()` is called. Failing every read, not
 * just the first, keeps a background refetch (live event, poll) from taking the error and its
 * 'Tentar Novamente' away before the test clicks it.
 */
export async function failReadsUntilRecovered(page: Page, pattern: string) {
  let failing = true;
  await page.route(pattern, async (route) => {
    if (route.request().method() === "GET" && failing) {
      await route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ message: "Serviço indisponível" }),
      });
      return;
    }
    await route.fallback();
  });
  return {
    recover: () => {
      failing = false;
    },
  };
}

/** the toast that says `text` (Sonner's) */
export const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

/**
 * Sees the toast, then closes it. On a phone toasts sit at the bottom, over the lower cards'
 * buttons, and Playwright's mouse stays where its last click left it (a dialog's submit, also at
 * the bottom): a toast that appears under it counts as hovered and Sonner keeps it open, so a later
 * click on a covered button retried until the test's time ran out (item-lots, 1 Dec 2026)
 */
export async function seeAndClose(page: Page, text: string) {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  await shown.getByRole("button", { name: "Fechar notificação" }).click();
  await expect(shown).toBeHidden();
}
