/**
 * A local stand-in for the Telegram Bot API (reached as https://api.telegram.org through
 * MONITOR_REDIRECT). It answers sendPhoto and sendMessage for one known bot token as Telegram does
 * ({ok, result} / {ok:false, error_code, description, parameters}), refuses an HTML text that
 * Telegram's parser would refuse, and can answer 429 with parameters.retry_after on demand. For the
 * setup helper it answers getMe (the bot's @username) and getUpdates (`updates`, as Telegram gives
 * them; 409 while `webhookSet`, as Telegram does when a bot has a webhook of its own).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface TelegramCall {
  method: string;
  token: string;
  body: Record<string, unknown>;
  at: number;
  status: number;
}

/** the tags Telegram's HTML mode accepts among those we use; any other `<` is a parse error */
const ALLOWED_TAG = /^<\/?(b|i|a)(\s+href="[^"<>]*")?>/;

export function telegramHtmlError(text: string): string | null {
  for (let i = text.indexOf("<"); i >= 0; i = text.indexOf("<", i + 1)) {
    if (!ALLOWED_TAG.test(text.slice(i))) return `Bad Request: can't parse entities: unsupported tag at ${i}`;
  }
  if (/&(?!(amp|lt|gt|quot);)/.test(text)) return "Bad Request: can't parse entities: bad entity";
  return null;
}

export class FakeTelegram {
  readonly calls: TelegramCall[] = [];
  /** how many of the next calls answer 429 */
  rateLimited = 0;
  retryAfter = 1;
  origin = "";
  botUsername = "alertas_revenda_bot";
  /** what getUpdates answers (message, channel_post, my_chat_member updates) */
  updates: Record<string, unknown>[] = [];
  webhookSet = false;
  /** ms before answering anything (a slow Telegram) */
  delayMs = 0;
  private server: http.Server | null = null;

  constructor(readonly token = "123456:ABC-test_token") {}

  get accepted(): TelegramCall[] {
    return this.calls.filter((c) => c.status === 200);
  }

  async listen(): Promise<string> {
    this.server = http.createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.origin;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", async () => {
      if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
      // the browser suite's control: what getUpdates answers from now on
      if (req.url === "/__control/updates" && req.method === "POST") {
        this.updates = (JSON.parse(raw || "{}") as { updates?: Record<string, unknown>[] }).updates ?? [];
        res.writeHead(204).end();
        return;
      }
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(new URL(req.url ?? "/", "http://x").pathname);
      const reply = (status: number, value: Record<string, unknown>) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(value));
        if (match) {
          let body: Record<string, unknown> = {};
          try {
            body = JSON.parse(raw);
          } catch {
            // recorded empty
          }
          this.calls.push({
            method: match[2],
            token: decodeURIComponent(match[1]),
            body,
            at: Date.now(),
            status,
          });
        }
      };
      const error = (code: number, description: string, extra: Record<string, unknown> = {}) =>
        reply(code, { ok: false, error_code: code, description, ...extra });
      if (!match || req.method !== "POST") return error(404, "Not Found");
      if (decodeURIComponent(match[1]) !== this.token) return error(401, "Unauthorized");
      if (this.rateLimited > 0) {
        this.rateLimited--;
        return error(429, `Too Many Requests: retry after ${this.retryAfter}`, {
          parameters: { retry_after: this.retryAfter },
        });
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw);
      } catch {
        return error(400, "Bad Request: invalid JSON");
      }
      if (match[2] === "getMe")
        return reply(200, {
          ok: true,
          result: { id: 123456, is_bot: true, first_name: "Alertas", username: this.botUsername },
        });
      if (match[2] === "getUpdates") {
        if (this.webhookSet)
          return error(
            409,
            "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
          );
        return reply(200, { ok: true, result: this.updates });
      }
      if (!body.chat_id) return error(400, "Bad Request: chat_id is empty");
      const text =
        match[2] === "sendPhoto" ? body.caption : match[2] === "sendMessage" ? body.text : undefined;
      if (match[2] === "sendPhoto" && typeof body.photo !== "string")
        return error(400, "Bad Request: photo is empty");
      if (typeof text !== "string") return error(400, "Bad Request: message text is empty");
      const limit = match[2] === "sendPhoto" ? 1024 : 4096;
      if (text.length > limit) return error(400, "Bad Request: message is too long");
      if (body.parse_mode === "HTML") {
        const parseError = telegramHtmlError(text);
        if (parseError) return error(400, parseError);
      }
      reply(200, { ok: true, result: { message_id: this.calls.length + 1, chat: { id: body.chat_id } } });
    });
  }
}
