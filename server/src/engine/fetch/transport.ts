import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { Agent, type Dispatcher, ProxyAgent, request } from "undici";
import { assertPublicUrl, isPublicAddress, type Resolver, UnsafeUrlError } from "../../net/address-guard.js";
import { CheckFailure, type HttpResponse } from "../platforms/types.js";
import type { CookieJars } from "./cookie-jars.js";
import { rewriteUrl } from "./redirect.js";
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
    const { url, redirected } = rewriteUrl(raw, this.redirects);
    if (!redirected) return false;
    const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
    return host === "localhost" || (ipaddr.isValid(host) && ipaddr.parse(host).range() === "loopback");
  }

  async send(raw: string, opts: SendOptions): Promise<HttpResponse> {
    let current = raw;
    let method = opts.method ?? "GET";
    let body = opts.body;
    for (let hop = 0; ; hop++) {
      const { url: target, redirected } = rewriteUrl(current, this.redirects);
      const dispatcher = await this.dispatcherFor(current, redirected);
      const host = new URL(current).hostname;
      const headers = { ...opts.headers };
      const cookie = opts.cookies?.cookieHeader(host, current);
      if (cookie) headers.cookie = cookie;
      const res = await this.exchange(target, {
        method,
        headers,
        body,
        dispatcher,
        timeoutMs: opts.timeoutMs,
      });
      opts.cookies?.store(host, current, res.setCookie);
      const location = res.response.headers.location;
      if (REDIRECT_STATUSES.has(res.response.status) && location && hop < opts.maxRedirects) {
        current = new URL(location, current).toString();
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

  private async dispatcherFor(raw: string, redirected: boolean): Promise<Dispatcher> {
    if (!redirected && !this.options.allowPrivate) {
      try {
        const { url, addresses } = await assertPublicUrl(raw, { resolve: this.resolve });
        this.checkedAddresses.set(url.hostname, { addresses, expires: Date.now() + DNS_TTL_MS });
      } catch (error) {
        const message = error instanceof UnsafeUrlError ? error.message : "URL inválido";
        throw new CheckFailure("network", `Pedido recusado: ${message}`);
      }
    }
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

  private async exchange(
    target: string,
    init: {
      method: string;
      headers: Record<string, string>;
      body?: string;
      dispatcher: Dispatcher;
      timeoutMs: number;
    },
  ): Promise<{ response: Omit<HttpResponse, "url">; setCookie?: string[] }> {
    try {
      const res = await request(target, {
        method: init.method as "GET",
        headers: init.headers,
        body: init.body,
        dispatcher: init.dispatcher,
        headersTimeout: init.timeoutMs,
        bodyTimeout: init.timeoutMs,
      });
      const text = await this.readBody(res.body);
      const headers: Record<string, string> = {};
      let setCookie: string[] | undefined;
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined) continue;
        if (name === "set-cookie") setCookie = Array.isArray(value) ? value : [value];
        headers[name] = Array.isArray(value) ? value.join(", ") : value;
      }
      return { response: { status: res.statusCode, headers, body: text }, setCookie };
    } catch (error) {
      throw toCheckFailure(error);
    }
  }

  private async readBody(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += chunk.length;
      if (size > this.maxBodyBytes) {
        body.destroy();
        throw new CheckFailure("unexpected", "Formato inesperado: resposta demasiado grande");
      }
      chunks.push(chunk);
    }
    return chunks.length === 1 ? chunks[0].toString("utf8") : Buffer.concat(chunks).toString("utf8");
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
