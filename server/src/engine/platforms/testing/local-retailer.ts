/**
 * Test support: a real HTTP server on 127.0.0.1 that plays any retailer (routes by the original host
 * and path), and a small real HttpClient that sends every retailer URL there over undici, with a cookie
 * jar per original host. The engine's own client (limits, SSRF guard, proxies) lives in engine/fetch.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { request } from "undici";
import type { HttpClient, HttpRequest, HttpResponse } from "../types";

export interface SeenRequest {
  method: string;
  /** the host the adapter addressed, e.g. www.zara.com */
  host: string;
  /** path and query */
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string | string[]>;
  body: string;
}

export type Handler = (req: SeenRequest) => Reply | undefined;

export interface LocalRetailer {
  client: HttpClient;
  seen: SeenRequest[];
  close(): Promise<void>;
}

const FIXTURES = path.resolve(import.meta.dirname, "../__fixtures__");

export function fixture(platform: string, name: string): string {
  return readFileSync(path.join(FIXTURES, platform, name), "utf8");
}

export const json = (body: unknown, status = 200): Reply => ({
  status,
  headers: { "content-type": "application/json; charset=utf-8" },
  body: typeof body === "string" ? body : JSON.stringify(body),
});

export const html = (body: string, status = 200): Reply => ({
  status,
  headers: { "content-type": "text/html; charset=utf-8" },
  body,
});

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startRetailer(handler: Handler): Promise<LocalRetailer> {
  const seen: SeenRequest[] = [];
  const server = createServer(async (req, res) => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]),
    );
    const seenRequest: SeenRequest = {
      method: req.method ?? "GET",
      host: headers["x-original-host"] ?? "",
      path: req.url ?? "/",
      headers,
      body: await readBody(req),
    };
    seen.push(seenRequest);
    const reply = handler(seenRequest) ?? { status: 404, body: "<html><title>404</title></html>" };
    res.writeHead(reply.status ?? 200, reply.headers ?? {});
    res.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    client: new LocalClient(base),
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

class LocalClient implements HttpClient {
  private readonly jars = new Map<string, Map<string, string>>();

  constructor(private readonly base: string) {}

  async request(req: HttpRequest): Promise<HttpResponse> {
    const url = new URL(req.url);
    const jar = this.jars.get(url.hostname) ?? new Map<string, string>();
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await request(`${this.base}${url.pathname}${url.search}`, {
      method: req.method ?? "GET",
      headers: { ...req.headers, "x-original-host": url.hostname, ...(cookie ? { cookie } : {}) },
      body: req.body,
    });
    const body = await res.body.text();
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
    }
    const setCookie = res.headers["set-cookie"];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    this.jars.set(url.hostname, jar);
    return { status: res.statusCode, headers, body, url: req.url };
  }

  resetCookies(host: string): void {
    this.jars.delete(host);
  }
}

export function productCtx(
  client: HttpClient,
  url: string,
  extra: { config?: Record<string, unknown>; variants?: string[]; productId?: string } = {},
) {
  return {
    http: client,
    product: {
      url,
      productId: extra.productId ?? "",
      config: extra.config ?? {},
      variants: extra.variants ?? [],
    },
  };
}
