import { type BrowserSettings, DEFAULT_CHROMIUM_PATH } from "../settings";

/** the browser route as the tests run it: the machine's Chromium, no pacing, room for slow CI */
export const testBrowserSettings = (change: Partial<BrowserSettings> = {}): BrowserSettings => ({
  executablePath: DEFAULT_CHROMIUM_PATH,
  browsers: 1,
  pagesPerBrowser: 1,
  pageUses: 50,
  maxRssBytes: 2048 * 1024 * 1024,
  hostPaceMs: 0,
  timeoutMs: 40_000,
  ...change,
});
