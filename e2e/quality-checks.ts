import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import axe from "axe-core";
import type { ConsoleMessage, Page, Request } from "@playwright/test";
import { TAKE_SCREENSHOTS } from "./constants";

/** Problems found on a page, one readable line each, collected so one run reports all of them. */
export type Problems = string[];

/** Records uncaught errors, console errors and 5xx answers for as long as the page lives. */
export function watchPage(
  page: Page,
  problems: Problems,
  where: () => string,
  { loggedOut = false }: { loggedOut?: boolean } = {},
) {
  trackRequests(page);
  page.on("pageerror", (error) => problems.push(`${where()}: erro não apanhado: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    if (loggedOut && isSessionProbe401(message)) return;
    problems.push(`${where()}: erro na consola: ${message.text()} (${message.location().url})`);
  });
  page.on("response", (response) => {
    if (response.status() >= 500)
      problems.push(`${where()}: ${response.status()} em ${response.request().method()} ${response.url()}`);
  });
}

/** the requests each watched page has on their way (the live feed's EventSource never ends) */
const openRequests = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page) {
  if (openRequests.has(page)) return;
  const open = new Set<Request>();
  openRequests.set(page, open);
  page.on("request", (request) => {
    if (request.resourceType() !== "eventsource") open.add(request);
  });
  page.on("requestfinished", (request) => open.delete(request));
  page.on("requestfailed", (request) => open.delete(request));
}

const QUIET_MS = 150;

/**
 * The screen has loaded and no request has been on its way for 150 ms. Playwright's "networkidle"
 * waits 500 ms of quiet on every screen (minutes over the ~400 screens of the browser suite) and
 * counts the live feed's stream, which never ends. A page nobody watched is watched from here on:
 * what it asks from now is waited for. A screen that never quiets in 10 s fails with what it was
 * still waiting for.
 */
export async function settle(page: Page) {
  trackRequests(page);
  await page.waitForLoadState("load");
  const open = openRequests.get(page) as Set<Request>;
  const giveUpAt = Date.now() + 10_000;
  let quietSince = Date.now();
  while (Date.now() - quietSince < QUIET_MS) {
    if (Date.now() > giveUpAt) {
      const pending = [...open].map((request) => `${request.method()} ${request.url()}`);
      throw new Error(`o ecrã não parou de pedir em 10 s: ${pending.join(", ")}`);
    }
    if (open.size > 0) quietSince = Date.now();
    await page.waitForTimeout(25);
  }
}

/**
 * The one allowed console error, logged out only: the app asks GET /api/user who is logged in and
 * the API answers 401 by contract (401 means nobody, the login screen follows). Chromium
 * logs every 4xx resource as a console error, which the page cannot prevent.
 */
function isSessionProbe401(message: ConsoleMessage): boolean {
  return message.text().includes("status of 401") && new URL(message.location().url).pathname === "/api/user";
}

/**
 * axe's WCAG 2 A/AA scan of the page. Legacy mode runs axe.run in the page itself: the default runs
 * axe in each frame and then merges the results in a new blank page, opened and closed for every
 * scan, ~0.8 s a screen on 2 busy cores and most of what the scan cost. The app has no frames from
 * other origins for it to miss.
 * axe's 560 kB source goes into each document once: AxeBuilder evaluates it twice per scan (analyze,
 * then its legacy inject), ~0.65 s of a scan's ~1.4 s on 2 busy cores, and the quality pass scans
 * every screen it reaches in one document (navigateInApp).
 */
export async function axeScan(page: Page) {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === "object");
  if (!loaded) await page.evaluate(axe.source);
  return new AxeBuilder({ page, axeSource: ";" }).withTags(["wcag2a", "wcag2aa"]).setLegacyMode().analyze();
}

/**
 * Moves to `path` the way the app's own links do (wouter follows history.pushState), or loads it
 * when the page holds no document of the app yet. A screen reached in the app keeps the loaded
 * code, fonts and axe; each full load cost ~0.8 s of Chromium's CPU on 2 cores. Every route's
 * full load is what the other specs do (page.goto to each route).
 */
export async function navigateInApp(page: Page, path: string) {
  if (!page.url().startsWith("http")) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => window.history.pushState(null, "", to), path);
  await page.waitForURL((url) => url.pathname + url.search === path);
}

/** Serious and critical WCAG 2 A/AA violations, one line per rule with the elements it hit. */
export async function axeProblems(page: Page, where: string): Promise<Problems> {
  const results = await axeScan(page);
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `${n.target.join(" ")}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, " ")})` : ""}`,
        )
        .join("; ");
      return `${where}: axe ${v.impact} ${v.id} — ${v.help}: ${nodes}${v.nodes.length > 5 ? ` (+${v.nodes.length - 5})` : ""}`;
    });
}

/**
 * Text that betrays an unfinished screen: English left over from libraries, values that leaked
 * unformatted, euros or dates not in the pt-PT form.
 */
const TEXT_SMELLS: [RegExp, string][] = [
  [
    /\b(Required|Invalid input|Expected [a-z]+|Loading\.\.\.|Submit|Something went wrong)\b/,
    "texto em inglês",
  ],
  [/\b(undefined|NaN|null)\b|\[object Object\]|Invalid Date/, "valor por formatar"],
  // "€\d" only: chart axes put "0 € 1 € 2 €" side by side
  [/€\d/, "euro antes do valor"],
  [/\d\.\d{2}\s?€/, "euro com ponto decimal"],
  [/\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?/, "data em formato ISO"],
];

export async function textProblems(page: Page, where: string): Promise<Problems> {
  // biome-ignore lint/performance/useDomNodeTextContent: only the rendered text counts, not hidden nodes
  const text = await page.locator("body").innerText();
  const problems: Problems = [];
  for (const [pattern, what] of TEXT_SMELLS) {
    const match = text.match(pattern);
    if (match) problems.push(`${where}: ${what}: «${contextOf(text, match.index ?? 0)}»`);
  }
  return problems;
}

function contextOf(text: string, index: number): string {
  return text
    .slice(Math.max(0, index - 30), index + 40)
    .replace(/\s+/g, " ")
    .trim();
}

/** The page must not scroll sideways: anything wider than the window is cut off on a phone. */
export async function overflowProblems(page: Page, where: string): Promise<Problems> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const culprits = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.right > width + 1 && box.width > 0 && getComputedStyle(el).position !== "fixed";
      })
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 1)
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join(".")}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, culprits };
  });
  if (!overflow) return [];
  return [
    `${where}: a página passa a largura (${overflow.scrollWidth} > ${overflow.width} px): ${overflow.culprits.join(", ")}`,
  ];
}

/**
 * Nothing of a control sticks out of its box: a select's chosen text (a long Spanish option) must
 * shorten with "…" and keep the chevron inside, even where the page itself does not scroll sideways.
 */
export async function controlProblems(page: Page, where: string): Promise<Problems> {
  const outside = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("[data-slot=select-trigger]")]
      .filter((trigger) => trigger.getClientRects().length > 0)
      .flatMap((trigger) => {
        const box = trigger.getBoundingClientRect();
        const out = [...trigger.querySelectorAll<Element>("*")].some((child) => {
          const r = child.getBoundingClientRect();
          return r.width > 0 && (r.right > box.right + 1 || r.left < box.left - 1);
        });
        return out ? [trigger.getAttribute("aria-label") ?? trigger.textContent ?? "?"] : [];
      }),
  );
  return outside.map((name) => `${where}: o conteúdo da seleção «${name}» sai da sua caixa`);
}

/**
 * Wider than 768 px the sidebar's colour must run the page's full height: the element that paints
 * it (the navigation or a box around it that holds nothing else) reaches the page's bottom.
 */
export async function sidebarProblems(page: Page, where: string): Promise<Problems> {
  const gap = await page.evaluate(() => {
    const aside = document.querySelector<HTMLElement>("aside[aria-label]");
    const main = document.querySelector("main");
    if (!aside || !main || aside.getBoundingClientRect().width === 0) return null;
    const painted = (el: HTMLElement) => {
      const colour = getComputedStyle(el).backgroundColor;
      return colour !== "transparent" && !/^rgba\(.*,\s*0\)$/.test(colour);
    };
    let column: HTMLElement | null = null;
    for (let el: HTMLElement | null = aside; el && !el.contains(main); el = el.parentElement) {
      if (painted(el)) column = el;
    }
    const pageBottom = document.documentElement.scrollHeight;
    const bottom = column ? column.getBoundingClientRect().bottom + window.scrollY : 0;
    return bottom >= pageBottom - 1 ? null : { bottom: Math.round(bottom), pageBottom };
  });
  if (!gap) return [];
  return [`${where}: a barra lateral acaba aos ${gap.bottom} px de uma página de ${gap.pageBottom} px`];
}

export const SCREENSHOT_DIR = path.join("artifacts", "screenshots", "quality");

export async function screenshotTo(page: Page, name: string, { fullPage = true } = {}) {
  if (!TAKE_SCREENSHOTS) return;
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // a sticky header would otherwise be drawn where the window was scrolled to
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: file, fullPage, animations: "disabled" });
}
