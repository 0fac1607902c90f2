import {
  CheckFailure,
  type HeaderProfile,
  HostPaused,
  type HttpClient,
  type HttpRequest,
  type HttpResponse,
} from "../platforms/types.js";
import { browserHeaders } from "./browser-headers.js";
import { CookieJars } from "./cookie-jars.js";
import type { HostAllotments } from "./host-allotments.js";
import { DEFAULT_HOST_BUDGET, type HostBudget } from "./host-budget.js";
import { type BackoffPolicy, HostLimiter, type HostLimits, LOOPBACK_HOST_LIMITS } from "./host-limiter.js";
import { abortFailure, Transport, type TransportOptions } from "./transport.js";

/** what bounds one check's requests: its own deadline and abort (shutdown, lease) */
export interface CheckScope {
  signal: AbortSignal;
  /** epoch ms; every request of the check ends by then */
  deadline: number;
}

export interface EngineHttpOptions extends TransportOptions {
  /** a retailer host's request budget (its platform's, or the admin's); default 600 a minute, 4 at once */
  budgetOf?: (host: string) => HostBudget;
  loopbackLimits?: HostLimits;
  /**
   * origins MONITOR_REDIRECT sends to this machine that stand for distinct real hosts (a benchmark's
   * hostile hosts): they keep the real host limits instead of the stand-ins' unthrottled ones
   */
  realLimitOrigins?: ReadonlySet<string>;
  backoff?: BackoffPolicy;
  defaultTimeoutMs?: number;
}

/**
 * The engine's HttpClient (the adapter contract): browser headers, a cookie jar per host, the
 * per-host limiter and back-off shared by every monitor, on top of the guarded transport. A
 * retailer's requests keep within this process's allotment of the host's budget when the engine
 * runs the allotments (`keepToAllotments`); without them (a preview in a web process) within the
 * whole budget.
 */
export class EngineHttp {
  readonly transport: Transport;
  readonly limiter: HostLimiter;
  readonly cookies = new CookieJars();
  readonly budgetOf: (host: string) => HostBudget;
  private allotments: HostAllotments | null = null;
  private readonly loopbackLimits: HostLimits;
  private readonly realLimitOrigins: ReadonlySet<string>;
  private readonly defaultTimeoutMs: number;
  private readonly clients = new Map<string, HttpClient>();

  constructor(options: EngineHttpOptions = {}) {
    this.transport = new Transport(options);
    this.limiter = new HostLimiter(options.backoff);
    this.budgetOf = options.budgetOf ?? (() => DEFAULT_HOST_BUDGET);
    this.loopbackLimits = options.loopbackLimits ?? LOOPBACK_HOST_LIMITS;
    this.realLimitOrigins = options.realLimitOrigins ?? new Set();
    this.defaultTimeoutMs = options.defaultTimeoutMs ?? 15_000;
  }

  /** the client handed to one platform's adapter: its header profile (the record's) by default */
  forPlatform(platform: string, profile: HeaderProfile): HttpClient {
    // one object per platform: adapters may remember per-client state (Vinted's bootstrapped hosts)
    let client = this.clients.get(platform);
    if (!client) {
      const state = {};
      client = {
        request: (req) => this.request({ profile, ...req }),
        resetCookies: (host) => this.cookies.reset(host),
        state,
      };
      this.clients.set(platform, client);
    }
    return client;
  }

  /**
   * a client for one check: its requests end at the check's deadline or when its signal aborts.
   * It shares the platform client's `state`, so what adapters remember per engine is kept.
   */
  forCheck(platform: string, profile: HeaderProfile, scope: CheckScope): HttpClient {
    const shared = this.forPlatform(platform, profile);
    return {
      request: (req) => this.request({ profile, ...req }, scope),
      resetCookies: shared.resetCookies,
      state: shared.state,
    };
  }

  /** the engine's allotments of the hosts' budgets: from now on a retailer's requests keep to them */
  keepToAllotments(allotments: HostAllotments | null): void {
    this.allotments = allotments;
  }

  /** an allotment changed: the host's waiting requests get the new limits */
  refreshHost(host: string): void {
    if (this.allotments) this.limiter.refresh(host, this.allotments.limitsOf(host));
  }

  /**
   * how many checks of this URL's host may run at once here: at least one, so a host this process
   * has no allotment of yet gets a request that asks for one
   */
  concurrencyFor(raw: string): number {
    try {
      const url = new URL(raw);
      if (this.isStandIn(url.origin)) return this.loopbackLimits.maxConcurrent;
      const budget = this.allotments?.limitsOf(url.hostname) ?? this.limitsOfBudget(url.hostname);
      return Math.max(1, budget.maxConcurrent);
    } catch {
      return 1;
    }
  }

  /** the per-host limits a request to `raw` runs under now */
  limitsFor(raw: string): HostLimits {
    try {
      const url = new URL(raw);
      return this.limitsForUrl(url);
    } catch {
      return this.limitsOfBudget("");
    }
  }

  /** requests to the host keep to a budget (a stand-in on loopback has none) */
  hasBudget(host: string): boolean {
    return !this.isStandIn(`https://${host}`);
  }

  private isStandIn(origin: string): boolean {
    return this.transport.isLoopbackOrigin(origin) && !this.realLimitOrigins.has(origin);
  }

  private limitsOfBudget(host: string): HostLimits {
    const budget = this.budgetOf(host);
    return { maxConcurrent: budget.atOnce, minSpacingMs: 60_000 / budget.perMinute };
  }

  private limitsForUrl(url: URL): HostLimits {
    if (this.isStandIn(url.origin)) return this.loopbackLimits;
    if (!this.allotments) return this.limitsOfBudget(url.hostname);
    this.allotments.noteRequest(url.hostname);
    return this.allotments.limitsOf(url.hostname);
  }

  async request(req: HttpRequest, scope?: CheckScope): Promise<HttpResponse> {
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      throw new CheckFailure("unexpected", "URL inválido");
    }
    const host = url.hostname;
    const pausedMs = this.limiter.blockedFor(host);
    if (pausedMs > 0) throw new HostPaused(host, Date.now() + pausedMs, this.limiter.wallOf(host));
    const limits = this.limitsForUrl(url);
    const base = browserHeaders(req.profile, url);
    const headers = req.headers ? { ...base, ...req.headers } : base;
    let timeoutMs = req.timeoutMs ?? this.defaultTimeoutMs;
    if (scope) timeoutMs = Math.min(timeoutMs, scope.deadline - Date.now());
    if (scope?.signal.aborted) throw abortFailure(scope.signal);
    return this.limiter.run(host, limits, async () => {
      // a wait for the host's turn counts against the same deadline
      if (scope?.signal.aborted) throw abortFailure(scope.signal);
      const res = await this.transport.send(req.url, {
        method: req.method,
        headers,
        body: req.body,
        timeoutMs: scope ? Math.min(timeoutMs, scope.deadline - Date.now()) : timeoutMs,
        signal: scope?.signal,
        maxRedirects: 5,
        cookies: this.cookies,
        binary: req.binary,
        maxBodyBytes: req.maxBytes,
      });
      if (res.status === 403 || res.status === 429) this.limiter.reportBlocked(host);
      else if (res.status >= 200 && res.status < 300) this.limiter.reportSuccess(host);
      return res;
    });
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  /** aborts what is under way (shutdown) */
  destroy(): Promise<void> {
    return this.transport.destroy();
  }
}
