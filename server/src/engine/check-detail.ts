import type { CheckDetail, CheckExchange } from "@common/schemas/check-detail.js";
import { type MonitorRules, NO_RULES } from "@common/schemas/monitor-rules.js";
import { judgeItem, prepareRules, type SearchItem } from "@common/search-rules.js";
import { FAILURE_LABELS } from "./detect.js";
import { CheckFailure, type CheckResult, type HttpClient } from "./platforms/types.js";

/** what one check sent and got back, gathered while its adapter runs */
export interface CheckLog {
  startedAt: number;
  exchanges: CheckExchange[];
  /**
   * the printable start of the last answer, for a failed check only (finishLog): holding the
   * whole body until the outcome is written kept every 50 KB–1 MB answer alive through
   * young-generation collections
   */
  excerpt: string | null;
  /** the last answer, kept only while the check runs */
  lastBody: string | null;
}

const EXCERPT_CHARS = 600;
const MAX_EXCHANGES = 20;

/** a fresh log for one check */
export const newCheckLog = (): CheckLog => ({
  startedAt: Date.now(),
  exchanges: [],
  excerpt: null,
  lastBody: null,
});

/**
 * the check is over: a failure keeps the excerpt of its last answer (the failure box shows it), and
 * the answer itself is let go. Only failures show one, so a check that read its page cuts none.
 */
export function finishLog(log: CheckLog, failed: boolean): void {
  if (failed) log.excerpt = excerptOf(log.lastBody);
  log.lastBody = null;
}

/**
 * The same client, recording each exchange into `log`. Passed down rather than found through
 * AsyncLocalStorage: on Node 20 that turns on promise hooks for every promise of the process, a
 * measurable share of the engine's event loop at a thousand checks a second. The adapters' own
 * per-client memory (Vinted's session, AliExpress's token) is keyed by `state`, which is shared.
 */
export function recordingClient(inner: HttpClient, log: CheckLog): HttpClient {
  return {
    resetCookies: (host) => inner.resetCookies(host),
    state: inner.state,
    request: async (req) => {
      const started = Date.now();
      const entry: CheckExchange = { method: req.method ?? "GET", url: req.url, status: null, ms: 0 };
      if (log.exchanges.length < MAX_EXCHANGES) log.exchanges.push(entry);
      try {
        const res = await inner.request(req);
        entry.status = res.status;
        log.lastBody = res.body;
        return res;
      } finally {
        entry.ms = Date.now() - started;
      }
    },
  };
}

/** printable start of an answer: no control characters, whitespace folded */
export function excerptOf(body: string | null): string | null {
  if (!body) return null;
  const flat = body
    .slice(0, EXCERPT_CHARS * 4)
    .replace(/\s+/g, " ")
    .replace(/\p{Cc}/gu, "")
    .trim();
  if (!flat) return null;
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS)}…` : flat;
}

/** the currency a result carries (adapters that read one say so); euros otherwise */
const currencyOf = (result: object): string => {
  const code = (result as { currency?: unknown }).currency;
  return typeof code === "string" && /^[A-Z]{3}$/.test(code) ? code : "EUR";
};

/** a search's items with the verdict of the monitor's rules on each */
function searchItems(items: SearchItem[], rules: MonitorRules | null) {
  const prepared = prepareRules(rules ?? NO_RULES);
  return items.slice(0, 200).map((i) => {
    const verdict = judgeItem(i, prepared);
    return {
      title: i.title,
      url: i.url,
      price: i.price,
      currency: currencyOf(i),
      verdict: verdict.kept ? "kept" : verdict.rule,
    };
  });
}

export function buildCheckDetail(
  outcome: CheckResult | CheckFailure,
  log: CheckLog,
  trigger: CheckDetail["trigger"],
  now = Date.now(),
  /** a search's rules: each item read says whether they keep it ("Testar agora") */
  rules: MonitorRules | null = null,
): CheckDetail {
  const base = {
    at: new Date(log.startedAt).toISOString(),
    trigger,
    durationMs: Math.max(0, now - log.startedAt),
    exchanges: log.exchanges.map((e) => ({ ...e, url: e.url.slice(0, 500) })),
  };
  if (outcome instanceof CheckFailure || !("kind" in outcome)) {
    const failure = outcome as CheckFailure;
    return {
      ...base,
      ok: false,
      route: null,
      status: null,
      name: null,
      imageUrl: null,
      price: null,
      currency: "EUR",
      sizes: [],
      items: [],
      failure: {
        reason: failure.reason,
        label: FAILURE_LABELS[failure.reason] ?? failure.reason,
        message: failure.message.slice(0, 500),
      },
      excerpt: log.excerpt,
    };
  }
  const product = outcome.kind === "product" ? outcome : null;
  const sizes = product
    ? (product.allSizes ?? product.sizes.map((name) => ({ name, available: true, lowStock: false })))
    : [];
  return {
    ...base,
    ok: true,
    // the browser route says so: "via browser" beside the route its page answered by
    route:
      outcome.kind === "product" && outcome.route === "browser"
        ? `${outcome.source ?? "página"} · via browser`
        : (outcome.source ?? null),
    status: outcome.status,
    name: outcome.name ?? null,
    imageUrl: outcome.imageUrl ?? null,
    price: product?.price ?? null,
    currency: currencyOf(outcome),
    sizes: sizes.slice(0, 200).map((s) => ({
      name: s.name,
      available: s.available,
      lowStock: s.lowStock === true,
    })),
    items:
      outcome.kind === "profile"
        ? outcome.items
            .slice(0, 200)
            .map((i) => ({ title: i.title, url: i.url, price: i.price, currency: currencyOf(i) }))
        : outcome.kind === "search"
          ? searchItems(outcome.items, rules)
          : [],
    failure: null,
    excerpt: null,
  };
}
