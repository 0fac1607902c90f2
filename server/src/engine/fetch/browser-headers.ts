import type { HeaderProfile } from "../platforms/types.js";

/**
 * Browser-like header sets. Retailers' bot managers score requests that lack the usual browser
 * headers, so each platform gets the set a desktop Chrome on pt-PT would send to that kind of URL.
 */
const CHROME_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const BASE: Record<string, string> = {
  "user-agent": CHROME_UA,
  "accept-language": "pt-PT,pt;q=0.9,en;q=0.8",
  "accept-encoding": "identity",
  "sec-ch-ua": '"Google Chrome";v="131", "Chromium";v="131", "Not_A Brand";v="24"',
  "sec-ch-ua-mobile": "?0",
  "sec-ch-ua-platform": '"Windows"',
};

const PAGE: Readonly<Record<string, string>> = Object.freeze({
  ...BASE,
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
  "sec-fetch-dest": "document",
  "sec-fetch-mode": "navigate",
  "sec-fetch-site": "none",
  "sec-fetch-user": "?1",
  "upgrade-insecure-requests": "1",
});

const API: Record<string, string> = {
  ...BASE,
  accept: "application/json, text/plain, */*",
  "sec-fetch-dest": "empty",
  "sec-fetch-mode": "cors",
  "sec-fetch-site": "same-origin",
};

/** the API set with each origin's Referer, built once per origin (read-only: callers copy to add) */
const apiSets = new Map<string, Readonly<Record<string, string>>>();

/**
 * headers for a request: the API set with a Referer for the "api" profile (the platform record's
 * `headerProfile`), the page set for the "page" profile, for none and for HTML-looking URLs
 */
export function browserHeaders(profile: HeaderProfile | undefined, url: URL): Record<string, string> {
  const looksLikePage = /\.html?$|\/$/.test(url.pathname) && !url.search.includes("ajax=");
  if (profile !== "api" || looksLikePage) return PAGE as Record<string, string>;
  let set = apiSets.get(url.origin);
  if (!set) {
    if (apiSets.size >= 1000) apiSets.clear();
    set = Object.freeze({ ...API, referer: `${url.origin}/` });
    apiSets.set(url.origin, set);
  }
  return set as Record<string, string>;
}
