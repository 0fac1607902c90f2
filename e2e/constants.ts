/** The first admin of the e2e app (global-setup passes it as ADMIN_PASSWORD). */
export const ADMIN_USERNAME = "admin";
export const ADMIN_PASSWORD = "e2e-admin-password";
/** the bot token the stand-in Telegram (global-setup.ts) knows */
export const E2E_TELEGRAM_TOKEN = "7654321:AAH-e2e_bot_token";

/**
 * The shared admin session, one file per run: runs side by side on one machine must not swap
 * sessions (cookies ignore the port). E2E_RUN_ID is set by global-setup before workers start.
 */
export function adminStatePath(runId = process.env.E2E_RUN_ID ?? "main"): string {
  return `artifacts/.auth/admin-${runId}.json`;
}

export const ADMIN_STATE = adminStatePath();

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // the browser's own UI locale decides how native date inputs read (dd/mm/aaaa for pt-PT)
  "--lang=pt-PT",
];

/**
 * Debian's full chromium. The suite runs in the headless shell (playwright.config.ts); the specs of
 * notifications (the page's and the service worker's) run here: the shell shows none.
 */
export const FULL_CHROMIUM = "/usr/bin/chromium";
export const WITH_NOTIFICATIONS = {
  launchOptions: { executablePath: process.env.CHROMIUM_PATH || FULL_CHROMIUM, args: CHROMIUM_ARGS },
};

/**
 * Screenshots are for a person to open; on CI nobody does, and a full-page picture at twice the
 * pixels costs 0.5–10 s a screen on 2 busy cores, so CI takes them only when E2E_SCREENSHOTS is set.
 */
export const TAKE_SCREENSHOTS = !process.env.CI || !!process.env.E2E_SCREENSHOTS;

/**
 * Tags of the tests that belong to one layout: the phone project does not list the wide-window
 * ones, the desktop project not the phone ones (playwright.config.ts), instead of listing and
 * skipping them
 */
export const WIDE_ONLY = "@wide-only";
export const PHONE_ONLY = "@phone-only";
/**
 * A test whose flow and locators are the same at 390 px as at 1280 (a form, a menu of the header,
 * a message), in a file that otherwise has phone-specific tests: the phone project does not list
 * it. What the phone shows of those screens the quality pass checks and pictures at 390 px, light
 * and dark.
 */
export const SAME_ON_A_PHONE = "@same-on-a-phone";
