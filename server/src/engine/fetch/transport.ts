import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { Agent, type Dispatcher, ProxyAgent, util } from "undici";
import { assertPublicUrl, isPublicAddress, type Resolver, UnsafeUrlError } from "../../net/address-guard.js";
import { CheckFailure, type HttpResponse, RefusedAddress } from "../platforms/types.js";
import type { CookieJars } from "./cookie-jars.js";
import { decodeBody } from "./decode-body.js";
import { systemResolver } from "./resolver.js";

export interface TransportOptions {
  /** MONITOR_REDIRECT: origin → origin */
  redirects?: ReadonlyMap<string, string>;
  /** MONITOR_PROXIES: rotated per request */
  proxies?: string[];
  /** DNS for the SSRF guard (tests inject one) */
  resolve?: Resolver;
  /** ALLOW_PRIVATE_WEBHOOKS for the notifier in dev/demo; never for product checks */
  allowPrivate?: boolean;
  connectTimeoutMs?: number;
  maxBodyBytes?: number;
}

export interface SendOptions {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string | Buffer;
  /**
   * total deadline of the whole exchange, every redirect hop included: connect, headers and the
   * last byte of the body. Past it the socket is destroyed and the send fails as `timeout`.
   */
  timeoutMs: number;
  /** aborts the exchange from outside (a check's own deadline, shutdown); destroys the socket */
  signal?: AbortSignal;
  maxRedirects: number;
  cookies?: CookieJars;
  /** the body as bytes (`bytes`, `body` left empty): an image, not a page */
  binary?: boolean;
  /** a lower cap than the transport's own for this exchange's body */
  maxBodyBytes?: number;
}

/** the failure of an exchange that ran out of time */
export const timeoutFailure = (): CheckFailure =>
  new CheckFailure("timeout", "Tempo esgotado à espera do site");

/** why an aborted signal stopped an exchange: its own CheckFailure, or a timeout */
export function abortFailure(signal: AbortSignal): CheckFailure {
  return signal.reason instanceof CheckFailure ? signal.reason : timeoutFailure();
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DNS_TTL_MS = 30_000;

/**
 * The wire: rewrites MONITOR_REDIRECT origins, applies the SSRF guard (DNS checked, then the socket
 * connects to the checked address, so a rebinding answer cannot slip in), follows redirects by hand
 * re-checking each hop, rotates proxies and maps transport errors to CheckFailure.
 */
export class Transport {
  private readonly redirects: ReadonlyMap<string, string>;
  private readonly resolve: Resolver;
  private readonly checkedAddresses = new Map<string, { addresses: string[]; expires: number }>();
  private readonly direct: Agent;
  private readonly guarded: Agent;
  private readonly proxyAgents: ProxyAgent[];
  private proxyIndex = 0;
  private destroyed = false;
  private readonly maxBodyBytes: number;
  /** origin → whether MONITOR_REDIRECT sends it to this machine */
  private readonly loopbackOrigins = new Map<string, boolean>();

  constructor(private readonly options: TransportOptions = {}) {
    this.redirects = options.redirects ?? new Map();
    this.resolve = options.resolve ?? systemResolver;
    this.maxBodyBytes = options.maxBodyBytes ?? 8 * 1024 * 1024;
    const common = {
      keepAliveTimeout: 30_000,
      connections: 256,
      connectTimeout: options.connectTimeoutMs ?? 10_000,
    };
    this.direct = new Agent(common);
    this.guarded = new Agent({ ...common, connect: { lookup: this.pinnedLookup } });
    this.proxyAgents = (options.proxies ?? []).map(
      (uri) => new ProxyAgent({ uri, keepAliveTimeout: 30_000, connections: 64 }),
    );
  }

  /** true when the origin ("https://shop.example") is sent to a MONITOR_REDIRECT target on this machine; remembered */
  isLoopbackOrigin(origin: string): boolean {
    let known = this.loopbackOrigins.get(origin);
    if (known === undefined) {
      const target = this.redirects.get(origin);
      const host = target ? new URL(target).hostname.replace(/^\[|\]$/g, "") : "";
      known =
        target !== undefined &&
        (host === "localhost" || (ipaddr.isValid(host) && ipaddr.parse(host).range() === "loopback"));
      this.loopbackOrigins.set(origin, known);
    }
    return known;
  }

  async send(raw: string, opts: SendOptions): Promise<HttpResponse> {
    const deadline = Date.now() + opts.timeoutMs;
    let current = raw;
    let method = opts.method ?? "GET";
    let body = opts.body;
    for (let hop = 0; ; hop++) {
      // MONITOR_REDIRECT: the origin is swapped, path and query kept (see redirect.ts)
      const url = new URL(current);
      const redirectTo = this.redirects.size > 0 ? this.redirects.get(url.origin) : undefined;
      if (opts.signal?.aborted) throw abortFailure(opts.signal);
      const pending = this.dispatcherFor(current, redirectTo !== undefined);
      const dispatcher =
        pending instanceof Promise ? await withDeadline(pending, deadline, opts.signal) : pending;
      const host = url.hostname;
      // the header sets are shared and frozen; a cookie, or a proxy agent (it adds `host`), needs a copy
      let headers = opts.headers ?? {};
      const cookie = opts.cookies?.cookieHeader(host, current);
      if (cookie) headers = { ...headers, cookie };
      else if (this.proxyAgents.length > 0) headers = { ...headers };
      const res = await this.exchange(redirectTo ?? url.origin, url.pathname + url.search, {
        method,
        headers,
        body,
        dispatcher,
        deadline,
        signal: opts.signal,
        binary: opts.binary,
        maxBodyBytes: opts.maxBodyBytes,
      });
      opts.cookies?.store(host, current, res.setCookie);
      const location = res.response.headers.location;
      if (REDIRECT_STATUSES.has(res.response.status) && location && hop < opts.maxRedirects) {
        current = nextHop(location, current);
        if (res.response.status === 303 || (res.response.status !== 307 && res.response.status !== 308)) {
          method = "GET";
          body = undefined;
        }
        continue;
      }
      return { ...res.response, url: current };
    }
  }

  async close(): Promise<void> {
    if (this.destroyed) return;
    await Promise.all([this.direct.close(), this.guarded.close(), ...this.proxyAgents.map((p) => p.close())]);
  }

  /** closes at once: requests still under way are aborted and their sockets destroyed */
  async destroy(): Promise<void> {
    if (this.destroyed) return;
    this.destroyed = true;
    await Promise.all([this.direct, this.guarded, ...this.proxyAgents].map((a) => a.destroy()));
  }

  /** the dispatcher for a request; a promise only when the address guard has to look (DNS) */
  private dispatcherFor(raw: string, redirected: boolean): Dispatcher | Promise<Dispatcher> {
    if (!redirected && !this.options.allowPrivate) return this.guardedDispatcher(raw);
    return this.pickDispatcher(redirected);
  }

  private async guardedDispatcher(raw: string): Promise<Dispatcher> {
    try {
      const { url, addresses } = await assertPublicUrl(raw, { resolve: this.resolve });
      this.checkedAddresses.set(url.hostname, { addresses, expires: Date.now() + DNS_TTL_MS });
    } catch (error) {
      const message = error instanceof UnsafeUrlError ? error.message : "URL inválido";
      throw new RefusedAddress(message);
    }
    return this.pickDispatcher(false);
  }

  private pickDispatcher(redirected: boolean): Dispatcher {
    if (this.proxyAgents.length > 0) {
      this.proxyIndex = (this.proxyIndex + 1) % this.proxyAgents.length;
      return this.proxyAgents[this.proxyIndex];
    }
    return redirected || this.options.allowPrivate ? this.direct : this.guarded;
  }

  /** connect only to addresses the guard checked (or checks now): DNS rebinding gets no second answer */
  private readonly pinnedLookup = ((
    hostname: string,
    options: { all?: boolean },
    callback: (...args: unknown[]) => void,
  ) => {
    const cached = this.checkedAddresses.get(hostname);
    const found =
      cached && cached.expires > Date.now() ? Promise.resolve(cached.addresses) : this.resolve(hostname);
    found.then(
      (addresses) => {
        const safe = addresses.filter(isPublicAddress);
        if (safe.length === 0 || safe.length !== addresses.length) {
          callback(new UnsafeUrlError("Endereço privado ou local não permitido"));
          return;
        }
        const family = (a: string) => (a.includes(":") ? 6 : 4);
        if (options?.all)
          callback(
            null,
            safe.map((address) => ({ address, family: family(address) })),
          );
        else callback(null, safe[0], family(safe[0]));
      },
      (error) => callback(error),
    );
  }) as unknown as LookupFunction;

  /**
   * One request/response on undici's dispatcher with a plain handler: the body is collected as it
   * arrives (capped at maxBodyBytes), without the stream and async-resource machinery of
   * `request()`, which cost more CPU than the exchange itself at thousands of checks a second.
   */
  private exchange(
    origin: string,
    path: string,
    init: {
      method: string;
      headers: Record<string, string>;
      body?: string | Buffer;
      dispatcher: Dispatcher;
      /** epoch ms by which the last byte must have arrived */
      deadline: number;
      signal?: AbortSignal;
      binary?: boolean;
      maxBodyBytes?: number;
    },
  ): Promise<{ response: Omit<HttpResponse, "url">; setCookie?: string[] }> {
    const maxBodyBytes = Math.min(this.maxBodyBytes, init.maxBodyBytes ?? Number.POSITIVE_INFINITY);
    const remaining = init.deadline - Date.now();
    if (remaining <= 0) return Promise.reject(timeoutFailure());
    return new Promise((resolve, reject) => {
      const handler = new ExchangeHandler(resolve, reject, maxBodyBytes, init.binary === true, init.signal);
      // undici's headers/body timeouts only measure gaps between chunks: this one is the whole exchange
      handler.timer = setTimeout(onExchangeTimeout, remaining, handler);
      init.signal?.addEventListener("abort", handler, { once: true });
      init.dispatcher.dispatch(
        {
          origin,
          path,
          method: init.method as Dispatcher.HttpMethod,
          headers: init.headers,
          body: init.body,
          headersTimeout: remaining,
          bodyTimeout: remaining,
        },
        handler,
      );
    });
  }
}

type ExchangeResult = { response: Omit<HttpResponse, "url">; setCookie?: string[] };

const onExchangeTimeout = (handler: ExchangeHandler) => handler.stop(timeoutFailure());

/**
 * One exchange's state and undici handler, with its methods on the prototype: a check allocates
 * one object here instead of a dozen closures (each named at run time under tsx's keepNames). It
 * is also the abort signal's listener (`handleEvent`).
 */
class ExchangeHandler implements Dispatcher.DispatchHandler {
  timer: NodeJS.Timeout | undefined;
  private status = 0;
  private rawHeaders: Buffer[] = [];
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private abort: ((reason?: Error) => void) | null = null;
  /** set once the exchange gave up (deadline or outside abort): later callbacks are ignored */
  private stopped: CheckFailure | null = null;

  constructor(
    private readonly resolve: (result: ExchangeResult) => void,
    private readonly reject: (error: unknown) => void,
    private readonly maxBodyBytes: number,
    private readonly binary: boolean,
    private readonly signal: AbortSignal | undefined,
  ) {}

  /** the signal aborted the exchange from outside */
  handleEvent(): void {
    this.stop(abortFailure(this.signal as AbortSignal));
  }

  private settle(): void {
    clearTimeout(this.timer);
    this.signal?.removeEventListener("abort", this);
  }

  stop(failure: CheckFailure): void {
    if (this.stopped) return;
    this.stopped = failure;
    this.settle();
    // aborting destroys the socket; before onConnect the request is aborted as soon as it starts
    this.abort?.(failure);
    this.reject(failure);
  }

  onConnect(abortRequest: (reason?: Error) => void): void {
    this.abort = abortRequest;
    if (this.stopped) abortRequest(this.stopped);
  }

  onHeaders(statusCode: number, headers: Buffer[]): boolean {
    this.status = statusCode;
    this.rawHeaders = headers;
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.stopped) return false;
    this.size += chunk.length;
    if (this.size > this.maxBodyBytes) {
      this.abort?.(new CheckFailure("unexpected", "Formato inesperado: resposta demasiado grande"));
      return false;
    }
    this.chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    if (this.stopped) return;
    this.settle();
    const headers: Record<string, string> = {};
    let setCookie: string[] | undefined;
    const parsed = util.parseHeaders(this.rawHeaders) as Record<string, string | string[] | undefined>;
    for (const name in parsed) {
      const value = parsed[name];
      if (value === undefined) continue;
      if (name === "set-cookie") setCookie = Array.isArray(value) ? value : [value];
      headers[name] = Array.isArray(value) ? value.join(", ") : value;
    }
    const chunks = this.chunks;
    const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    const status = this.status;
    if (this.binary) this.resolve({ response: { status, headers, body: "", bytes }, setCookie });
    else this.resolve({ response: { status, headers, body: decodeBody(bytes) }, setCookie });
  }

  onError(error: Error): void {
    if (this.stopped) return;
    this.settle();
    this.reject(toCheckFailure(error));
  }
}

const TIMEOUT_CODES = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);

export function toCheckFailure(error: unknown): CheckFailure {
  if (error instanceof CheckFailure) return error;
  const e = error as { code?: string; name?: string; message?: string; cause?: { code?: string } };
  if (TIMEOUT_CODES.has(e.code ?? "") || e.name === "TimeoutError" || e.name === "AbortError") {
    return new CheckFailure("timeout", "Tempo esgotado à espera do site");
  }
  if (error instanceof UnsafeUrlError || (e.cause as unknown) instanceof UnsafeUrlError) {
    return new RefusedAddress((error as Error).message);
  }
  return new CheckFailure(
    "network",
    `Erro de rede: ${e.cause?.code ?? e.code ?? e.message ?? "desconhecido"}`,
  );
}

/** a promise raced against a deadline (epoch ms) and an optional abort signal */
export function withDeadline<T>(promise: Promise<T>, deadline: number, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(timeoutFailure());
    if (signal?.aborted) return reject(abortFailure(signal));
    const timer = setTimeout(() => done(() => reject(timeoutFailure())), remaining);
    const onAbort = () => done(() => reject(abortFailure(signal as AbortSignal)));
    signal?.addEventListener("abort", onAbort, { once: true });
    let finished = false;
    function done(settle: () => void) {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      settle();
    }
    promise.then(
      (value) => done(() => resolve(value)),
      (error) => done(() => reject(error)),
    );
  });
}

/** a redirect's target; a Location no URL parser accepts fails the check like a bad answer */
function nextHop(location: string, current: string): string {
  try {
    return new URL(location, current).toString();
  } catch {
    throw new CheckFailure("unexpected", `Redirecionamento inválido: ${location.slice(0, 200)}`);
  }
}
