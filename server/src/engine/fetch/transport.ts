import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { Agent, type Dispatcher, ProxyAgent, util } from "undici";
import { assertPublicUrl, isPublicAddress, type Resolver, UnsafeUrlError } from "../../net/address-guard.js";
import { CheckFailure, type HttpResponse } from "../platforms/types.js";
import type { CookieJars } from "./cookie-jars.js";
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
  body?: string;
  timeoutMs: number;
  maxRedirects: number;
  cookies?: CookieJars;
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

  /** true when the URL is sent to a MONITOR_REDIRECT target on this machine */
  isLoopbackTarget(raw: string): boolean {
    let origin: string;
    try {
      origin = new URL(raw).origin;
    } catch {
      return false;
    }
    return this.isLoopbackOrigin(origin);
  }

  /** the same for an origin ("https://shop.example"), remembered */
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
    let current = raw;
    let method = opts.method ?? "GET";
    let body = opts.body;
    for (let hop = 0; ; hop++) {
      // MONITOR_REDIRECT: the origin is swapped, path and query kept (see redirect.ts)
      const url = new URL(current);
      const redirectTo = this.redirects.size > 0 ? this.redirects.get(url.origin) : undefined;
      const pending = this.dispatcherFor(current, redirectTo !== undefined);
      const dispatcher = pending instanceof Promise ? await pending : pending;
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
        timeoutMs: opts.timeoutMs,
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
    await Promise.all([this.direct.close(), this.guarded.close(), ...this.proxyAgents.map((p) => p.close())]);
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
      throw new CheckFailure("network", `Pedido recusado: ${message}`);
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
      body?: string;
      dispatcher: Dispatcher;
      timeoutMs: number;
    },
  ): Promise<{ response: Omit<HttpResponse, "url">; setCookie?: string[] }> {
    const maxBodyBytes = this.maxBodyBytes;
    return new Promise((resolve, reject) => {
      let status = 0;
      let rawHeaders: Buffer[] = [];
      const chunks: Buffer[] = [];
      let size = 0;
      let abort: ((reason?: Error) => void) | null = null;
      const handler: Dispatcher.DispatchHandler = {
        onConnect(abortRequest: (reason?: Error) => void) {
          abort = abortRequest;
        },
        onHeaders(statusCode: number, headers: Buffer[]) {
          status = statusCode;
          rawHeaders = headers;
          return true;
        },
        onData(chunk: Buffer) {
          size += chunk.length;
          if (size > maxBodyBytes) {
            abort?.(new CheckFailure("unexpected", "Formato inesperado: resposta demasiado grande"));
            return false;
          }
          chunks.push(chunk);
          return true;
        },
        onComplete() {
          const headers: Record<string, string> = {};
          let setCookie: string[] | undefined;
          const parsed = util.parseHeaders(rawHeaders) as Record<string, string | string[] | undefined>;
          for (const name in parsed) {
            const value = parsed[name];
            if (value === undefined) continue;
            if (name === "set-cookie") setCookie = Array.isArray(value) ? value : [value];
            headers[name] = Array.isArray(value) ? value.join(", ") : value;
          }
          const text =
            chunks.length === 1 ? chunks[0].toString("utf8") : Buffer.concat(chunks).toString("utf8");
          resolve({ response: { status, headers, body: text }, setCookie });
        },
        onError(error: Error) {
          reject(toCheckFailure(error));
        },
      };
      init.dispatcher.dispatch(
        {
          origin,
          path,
          method: init.method as Dispatcher.HttpMethod,
          headers: init.headers,
          body: init.body,
          headersTimeout: init.timeoutMs,
          bodyTimeout: init.timeoutMs,
        },
        handler,
      );
    });
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
    return new CheckFailure("network", `Pedido recusado: ${(error as Error).message}`);
  }
  return new CheckFailure(
    "network",
    `Erro de rede: ${e.cause?.code ?? e.code ?? e.message ?? "desconhecido"}`,
  );
}

/** a redirect's target; a Location no URL parser accepts fails the check like a bad answer */
function nextHop(location: string, current: string): string {
  try {
    return new URL(location, current).toString();
  } catch {
    throw new CheckFailure("unexpected", `Redirecionamento inválido: ${location.slice(0, 200)}`);
  }
}
