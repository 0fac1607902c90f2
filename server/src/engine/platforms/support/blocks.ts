/**
 * Telling a block from an answer. A blocked or odd response is a failed check (CheckFailure), never a
 * stock status: a false "esgotado" or a false "em stock" alert costs the user money.
 */
import { CheckFailure, type HttpResponse } from "../types";

/** body markers of anti-bot pages; each is specific to a challenge/deny page, not to normal pages */
const CHALLENGE_MARKERS: { marker: RegExp; name: string }[] = [
  { marker: /<title>\s*Just a moment/i, name: "Cloudflare" },
  { marker: /cf_chl_opt|cf-chl-|\/cdn-cgi\/challenge-platform\/h\//i, name: "Cloudflare" },
  { marker: /<title>[^<]*Attention Required[^<]*Cloudflare/i, name: "Cloudflare" },
  { marker: /error code:?\s*1020|<title>\s*Access denied \| [^<]*used Cloudflare/i, name: "Cloudflare" },
  { marker: /<title>\s*Um momento/i, name: "Cloudflare" },
  { marker: /captcha-delivery\.com|geo\.captcha-delivery/i, name: "DataDome" },
  { marker: /px-captcha|_pxAppId|captcha\.px-cdn\.net|perimeterx/i, name: "PerimeterX" },
  // Akamai writes its deny page with entities: "Reference&#32;&#35;…", "errors&#46;edgesuite&#46;net"
  { marker: /<title>\s*Access Denied\s*<\/title>[\s\S]{0,3000}(Reference|edgesuite)/i, name: "Akamai" },
  { marker: /errors(\.|&#46;)edgesuite(\.|&#46;)net/i, name: "Akamai" },
  { marker: /bm-verify|\/_sec\/verify|akam-logo/i, name: "Akamai" },
  { marker: /FNAC DARTY - Maintenance|temporariamente restrito/i, name: "Fnac WAF" },
  {
    marker: /FAIL_SYS_USER_VALIDATE|_____tmd_____|\/punish\?|x5secdata|nc_1_n1z|baxia-punish/i,
    name: "AliExpress",
  },
];

/** every marker in one pattern: a normal answer is scanned once, not once per marker */
const ANY_MARKER = new RegExp(CHALLENGE_MARKERS.map((m) => `(?:${m.marker.source})`).join("|"), "i");

const JSON_START = /^\s*[[{]/;

/** the name of the protection whose challenge page this is, or null */
export function detectChallenge(body: string): string | null {
  // challenge pages are short and put their marker near the top; product pages can be megabytes.
  // A JSON answer is a challenge only as a short one (DataDome's {"url":"…captcha-delivery…"},
  // AliExpress's FAIL_SYS_USER_VALIDATE): scanning a whole 50 KB JSON was the engine's costliest step
  const limit = JSON_START.test(body) ? 4_096 : 200_000;
  const head = body.length > limit ? body.slice(0, limit) : body;
  if (!ANY_MARKER.test(head)) return null;
  for (const { marker, name } of CHALLENGE_MARKERS) if (marker.test(head)) return name;
  return null;
}

export function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/** a challenge page's failure: blocked, naming its wall */
const wallFailure = (wall: string, host?: string) =>
  new CheckFailure("blocked", `Página de verificação anti-bot (${wall})`, host, wall);

/**
 * Throws for statuses and bodies that are not an answer: 401/403/429 and challenge pages → blocked
 * (naming the wall when the page shows it: most walls answer 403), 404/410 → not_found, other
 * non-2xx → unexpected.
 */
export function assertAnswered(res: HttpResponse, requestUrl: string): void {
  const host = hostOf(res.url || requestUrl);
  if (res.status === 404 || res.status === 410) {
    throw new CheckFailure("not_found", `Produto não encontrado (HTTP ${res.status})`);
  }
  const challenge = detectChallenge(res.body);
  if (challenge) throw wallFailure(challenge, host);
  if (res.status === 401 || res.status === 403 || res.status === 429) {
    throw new CheckFailure("blocked", `Bloqueado pelo site (HTTP ${res.status})`, host);
  }
  if (res.status < 200 || res.status >= 300) {
    throw new CheckFailure("unexpected", `Resposta inesperada do site (HTTP ${res.status})`);
  }
}

/** parses a JSON answer; HTML or garbage where JSON was expected is a failed check */
export function parseJson(body: string): unknown {
  const trimmed = body.trim();
  if (trimmed.startsWith("<")) {
    const challenge = detectChallenge(trimmed);
    if (challenge) throw wallFailure(challenge);
    throw new CheckFailure("unexpected", "Formato inesperado: HTML onde se esperava JSON");
  }
  try {
    return JSON.parse(trimmed);
  } catch {
    throw new CheckFailure("unexpected", "Formato inesperado: JSON inválido");
  }
}

export function unexpected(message: string): CheckFailure {
  return new CheckFailure("unexpected", `Formato inesperado: ${message}`);
}
