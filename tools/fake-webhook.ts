/**
 * A local stand-in chat webhook that records what arrives. Discord-like: POST answers 204. It can
 * answer 429 with retry_after, 404 or 500 on demand. Tests import it; `tsx tools/fake-webhook.ts
 * --port 7002` runs it alone and prints every alert.
 *
 * Control API: POST /__control {mode: "ok" | "429" | "404" | "500", times?, retryAfter?}
 *              GET /__received → the recorded deliveries; POST /__received/reset
 *
 * Per webhook path (`setPath`, or POST /__control/path {path, drip?, dripMs?, delayMs?, paced?}): "drip" answers 200 and its headers, then one body byte
 * every `dripMs`, never the end (a hostile or broken webhook); `delayMs` answers after a while; and
 * `paced` enforces Discord's own bucket (5 requests per 2 s per webhook): past it, 429 with
 * retry_after and the X-RateLimit-* headers, and the over-limit request is not delivered.
 *
 * As Discord's Execute Webhook does: `?wait=true` is answered 200 with the stored message (its id,
 * the webhook's id as webhook_id, the embeds) instead of 204, and a message to /api/webhooks/…
 * with neither content nor embeds is refused 400 (code 50006).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type WebhookMode = "ok" | "429" | "404" | "500";

export interface PathBehaviour {
  drip?: boolean;
  dripMs?: number;
  delayMs?: number;
  /** Discord's bucket: `count` per `windowMs` (5 per 2 s unless told) */
  paced?: boolean | { count: number; windowMs: number };
}

export interface Delivery {
  path: string;
  /** the query string as sent ("?wait=true"), "" without one */
  search: string;
  /** the request's headers (lower-case names) */
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** Date.now() when it arrived */
  at: number;
  /** what we answered */
  status: number;
}

interface EmbedLike {
  title?: string;
  description?: string;
  fields?: { name: string; value: string }[];
}

export class FakeWebhook {
  readonly received: Delivery[] = [];
  mode: WebhookMode = "ok";
  /** how many more requests get `mode` before it returns to ok; Infinity = until changed */
  times = Number.POSITIVE_INFINITY;
  retryAfter = 1;
  origin = "";
  /** per path: how that webhook behaves (the global mode applies to the others) */
  private readonly paths = new Map<string, PathBehaviour>();
  /** per path: when its accepted requests arrived, for the Discord bucket */
  private readonly buckets = new Map<string, number[]>();
  /** 429s answered because a paced bucket was exceeded */
  bucketRefusals = 0;
  /** messages stored and answered with ?wait=true */
  private messages = 0;
  private readonly dripping = new Set<http.ServerResponse>();
  /** requests held open by a dripping path right now */
  get dripCount(): number {
    return this.dripping.size;
  }
  private server: http.Server | null = null;
  private waiters: { count: number; resolve: () => void }[] = [];

  constructor(private readonly log = false) {}

  /** a Discord-looking path on this server */
  discordUrl(id = "1", token = "token"): string {
    return `${this.origin}/api/webhooks/${id}/${token}`;
  }

  /** only the deliveries that were accepted (2xx) */
  get accepted(): Delivery[] {
    return this.received.filter((d) => d.status < 300);
  }

  /** how one webhook path behaves (drip, delay, Discord's bucket); {} returns it to the default */
  setPath(path: string, behaviour: PathBehaviour): void {
    this.paths.set(path, behaviour);
    this.buckets.delete(path);
  }

  /** every path back to the default behaviour */
  resetPaths(): void {
    this.paths.clear();
    this.buckets.clear();
    this.bucketRefusals = 0;
  }

  setMode(mode: WebhookMode, opts: { times?: number; retryAfter?: number } = {}): void {
    this.mode = mode;
    this.times = opts.times ?? Number.POSITIVE_INFINITY;
    if (opts.retryAfter !== undefined) this.retryAfter = opts.retryAfter;
  }

  /** resolves when `count` deliveries have been accepted in total */
  waitForAccepted(count: number, timeoutMs = 10_000): Promise<void> {
    if (this.accepted.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`esperava ${count} alertas, recebi ${this.accepted.length}`)),
        timeoutMs,
      );
      this.waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  async listen(port = 0, host = "127.0.0.1"): Promise<string> {
    this.server = http.createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, host, resolve));
    this.origin = `http://${host}:${(this.server.address() as AddressInfo).port}`;
    return this.origin;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    for (const res of this.dripping) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      const path = url.pathname;
      if (path.startsWith("/__")) return this.control(req, res, path, raw);
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // recorded as text
      }
      const behaviour = this.paths.get(path) ?? {};
      if (behaviour.drip) return this.drip(res, behaviour.dripMs ?? 1000);
      const respond = () => {
        const status = this.bucketFull(path, behaviour)
          ? this.refuse(res, path)
          : this.answer(res, path, body, url.searchParams.get("wait") === "true");
        this.record({ path, search: url.search, headers: req.headers, body, at: Date.now(), status });
      };
      if (behaviour.delayMs) setTimeout(respond, behaviour.delayMs);
      else respond();
    });
  }

  private drip(res: http.ServerResponse, dripMs: number) {
    res.writeHead(200, { "content-type": "application/json" });
    this.dripping.add(res);
    const timer = setInterval(() => res.write(" "), dripMs);
    res.on("close", () => {
      clearInterval(timer);
      this.dripping.delete(res);
    });
  }

  /** Discord's per-webhook bucket: 5 per 2 s, counted over the accepted requests */
  private bucketFull(path: string, behaviour: PathBehaviour): boolean {
    if (!behaviour.paced) return false;
    const { count, windowMs } = bucketOf(behaviour);
    const now = Date.now();
    const recent = (this.buckets.get(path) ?? []).filter((t) => now - t < windowMs);
    this.buckets.set(path, recent);
    if (recent.length >= count) return true;
    recent.push(now);
    return false;
  }

  private refuse(res: http.ServerResponse, path: string): number {
    this.bucketRefusals++;
    const { count, windowMs } = bucketOf(this.paths.get(path) ?? {});
    const oldest = (this.buckets.get(path) ?? [Date.now()])[0];
    const resetAfter = Math.max(0.001, (oldest + windowMs - Date.now()) / 1000);
    res.writeHead(429, {
      "content-type": "application/json",
      "x-ratelimit-limit": String(count),
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset-after": resetAfter.toFixed(3),
      "x-ratelimit-bucket": "fake-webhook",
    });
    res.end(
      JSON.stringify({ message: "You are being rate limited.", retry_after: resetAfter, global: false }),
    );
    return 429;
  }

  private record(delivery: Delivery) {
    const { body, status } = delivery;
    this.received.push(delivery);
    if (status < 300) {
      if (this.log) console.log(describeAlert(body));
      const ready = this.waiters.filter((w) => this.accepted.length >= w.count);
      this.waiters = this.waiters.filter((w) => !ready.includes(w));
      for (const w of ready) w.resolve();
    }
  }

  private answer(res: http.ServerResponse, path: string, body: unknown, wait: boolean): number {
    const mode = this.times > 0 ? this.mode : "ok";
    if (mode !== "ok") this.times--;
    if (this.times <= 0) this.mode = "ok";
    switch (mode) {
      case "429": {
        const body = JSON.stringify({
          message: "You are being rate limited.",
          retry_after: this.retryAfter,
          global: false,
        });
        res.writeHead(429, {
          "content-type": "application/json",
          "retry-after": String(Math.ceil(this.retryAfter)),
        });
        res.end(body);
        return 429;
      }
      case "404":
        res.writeHead(404, { "content-type": "application/json" });
        res.end('{"message":"Unknown Webhook","code":10015}');
        return 404;
      case "500":
        res.writeHead(500, { "content-type": "text/plain" });
        res.end("erro");
        return 500;
      default: {
        const message = body as { content?: string; embeds?: unknown[] } | null;
        const discord = path.startsWith("/api/webhooks/");
        if (
          discord &&
          typeof message === "object" &&
          message !== null &&
          !message.content &&
          !message.embeds?.length
        ) {
          res.writeHead(400, { "content-type": "application/json" });
          res.end('{"message":"Cannot send an empty message","code":50006}');
          return 400;
        }
        if (!wait) {
          res.writeHead(204);
          res.end();
          return 204;
        }
        this.messages++;
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id: String(1_300_000_000_000_000_000n + BigInt(this.messages)),
            type: 0,
            content: message?.content ?? "",
            channel_id: "1200000000000000000",
            webhook_id: "1100000000000000000",
            embeds: message?.embeds ?? [],
            mentions: [],
            timestamp: new Date().toISOString(),
          }),
        );
        return 200;
      }
    }
  }

  private control(req: http.IncomingMessage, res: http.ServerResponse, path: string, raw: string) {
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };
    if (req.method === "GET" && path === "/__received") return json(200, this.received);
    if (path === "/__received/reset") {
      this.received.length = 0;
      return json(200, { ok: true });
    }
    if (path === "/__control/path") {
      try {
        const { path: target, ...behaviour } = JSON.parse(raw || "{}") as PathBehaviour & { path: string };
        this.setPath(target, behaviour);
        return json(200, { ok: true });
      } catch (error) {
        return json(400, { message: String(error) });
      }
    }
    if (path === "/__control") {
      try {
        const body = JSON.parse(raw || "{}");
        this.setMode(body.mode ?? "ok", { times: body.times, retryAfter: body.retryAfter });
        return json(200, { ok: true });
      } catch (error) {
        return json(400, { message: String(error) });
      }
    }
    json(404, { message: "controlo desconhecido" });
  }
}

function bucketOf(behaviour: PathBehaviour): { count: number; windowMs: number } {
  return typeof behaviour.paced === "object" ? behaviour.paced : { count: 5, windowMs: 2000 };
}

/** one console line per alert: embed titles, descriptions and the size fields */
export function describeAlert(body: unknown): string {
  const embeds = ((body as { embeds?: EmbedLike[] })?.embeds ?? []) as EmbedLike[];
  if (embeds.length === 0) return `[webhook] ${JSON.stringify(body).slice(0, 300)}`;
  return embeds
    .map((e) => {
      const fields = (e.fields ?? [])
        .filter((f) => !f.name.startsWith("Carrinho"))
        .map((f) => `${f.name}: ${f.value}`);
      return `[alerta] ${e.description ?? ""} — ${e.title ?? ""}${fields.length ? ` | ${fields.join(" | ")}` : ""}`;
    })
    .join("\n");
}

async function main() {
  const portArg = process.argv.indexOf("--port");
  const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 7002;
  const hook = new FakeWebhook(!process.argv.includes("--quiet"));
  const origin = await hook.listen(port);
  console.log(`Webhook de teste em ${hook.discordUrl()} (recebidos: GET ${origin}/__received)`);
  if (process.send) process.send({ origin });
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
