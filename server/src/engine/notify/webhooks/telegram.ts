import { CATALOGUE } from "../../platforms/index.js";
import {
  alertError,
  type AlertPayload,
  alertPriceText,
  alertText,
  alertTitle,
  compreiItemLink,
  compreiLink,
  itemPriceText,
} from "../alert.js";
import { defineWebhookKind } from "./define-webhook-kind.js";

/** Bot API limits: a photo caption and a text message, counted here on the HTML we send (stricter) */
export const TELEGRAM_LIMITS = { caption: 1024, text: 4096 };

export const TELEGRAM_ORIGIN = "https://api.telegram.org";

export interface TelegramTarget {
  token: string;
  chatId: string;
}

/**
 * A Telegram destination is written as the Bot API address with the chat in the query:
 * `https://api.telegram.org/bot<token>/sendMessage?chat_id=<chat>` (the method part is optional).
 * It goes in the same webhook field, outbox column and pacing as a Discord URL.
 */
export function telegramTarget(webhookUrl: string): TelegramTarget | null {
  let url: URL;
  try {
    url = new URL(webhookUrl);
  } catch {
    return null;
  }
  if (url.origin !== TELEGRAM_ORIGIN) return null;
  const token = /^\/bot([^/]+)/.exec(url.pathname)?.[1];
  const chatId = url.searchParams.get("chat_id");
  if (!token || !chatId) return null;
  return { token: decodeURIComponent(token), chatId };
}

/** HTML parse mode knows only these three entities; everything from retailers or sellers is escaped */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const link = (url: string, label: string) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;

/**
 * the message lines in the owner's language, most important first: lines that do not fit the limit
 * are left out
 */
function lines(alert: AlertPayload): string[] {
  const text = alertText(alert.language);
  const { t } = text;
  const fact = (key: Parameters<typeof t>[0], value: string) => `${escapeHtml(t(key))}: ${escapeHtml(value)}`;
  const out = [
    `<b>${escapeHtml(alertTitle(alert.kind, text))}</b>`,
    link(alert.productUrl, alert.productName.slice(0, 200)),
    fact("label.status", text.status(alert.status)),
  ];
  if (alert.price) out.push(fact("label.price", alertPriceText(alert, text)));
  // the app's "Comprei" early, so a long caption keeps it
  const comprei = compreiLink(alert);
  if (comprei) out.push(`${escapeHtml(t("label.comprei"))}: ${link(comprei, t("label.compreiAction"))}`);
  if (alert.newSizes.length) out.push(fact("label.newSizes", alert.newSizes.join(", ")));
  if (alert.sizes.length) out.push(fact("label.sizes", alert.sizes.join(", ")));
  const error = alertError(alert, text);
  if (error) out.push(fact("label.error", error));
  for (const cart of alert.cartLinks ?? []) out.push(link(cart.url, t("label.cart", { size: cart.size })));
  const compreiOf = (url: string | null) => (url ? ` · ${link(url, t("label.comprei"))}` : "");
  for (const item of alert.items ?? []) {
    out.push(
      `• ${link(item.url, item.title)}${item.price ? ` — ${escapeHtml(itemPriceText(item, text))}` : ""}${
        item.size ? ` · ${escapeHtml(item.size)}` : ""
      }${compreiOf(compreiItemLink(alert, item))}`,
    );
  }
  out.push(`<i>${escapeHtml(CATALOGUE.label(alert.platform))}</i>`);
  return out;
}

function fitLines(parts: string[], max: number): string {
  let text = "";
  for (const part of parts) {
    const next = text ? `${text}\n${part}` : part;
    if (next.length > max) continue;
    text = next;
  }
  return text;
}

const botMethod = (target: TelegramTarget, method: string) =>
  `${TELEGRAM_ORIGIN}/bot${encodeURIComponent(target.token)}/${method}`;

/** sendPhoto with the product photo and a caption, or sendMessage when there is no photo */
export function telegramRequest(target: TelegramTarget, alert: AlertPayload): { url: string; body: unknown } {
  const common = { chat_id: target.chatId, parse_mode: "HTML" };
  if (alert.imageUrl && /^https?:\/\//i.test(alert.imageUrl)) {
    return {
      url: botMethod(target, "sendPhoto"),
      body: { ...common, photo: alert.imageUrl, caption: fitLines(lines(alert), TELEGRAM_LIMITS.caption) },
    };
  }
  return {
    url: botMethod(target, "sendMessage"),
    body: {
      ...common,
      text: fitLines(lines(alert), TELEGRAM_LIMITS.text),
      link_preview_options: { is_disabled: true },
    },
  };
}

export const telegram = defineWebhookKind({
  key: "telegram",
  order: 3,
  sampleUrl: `${TELEGRAM_ORIGIN}/bot123:ABC/sendMessage?chat_id=42`,
  recognises: (webhookUrl) => telegramTarget(webhookUrl) !== null,
  alertRequest(webhookUrl, alert) {
    const target = telegramTarget(webhookUrl);
    return target ? telegramRequest(target, alert) : { url: webhookUrl, body: alert };
  },
  testRequest(webhookUrl, { title, text }) {
    const target = telegramTarget(webhookUrl);
    if (!target) return { url: webhookUrl, body: { text: `${title}\n${text}` } };
    return {
      url: botMethod(target, "sendMessage"),
      body: {
        chat_id: target.chatId,
        parse_mode: "HTML",
        text: `<b>${escapeHtml(title)}</b>\n${escapeHtml(text)}`,
      },
    };
  },
  // parameters.retry_after, whole seconds
  retryAfterSeconds: (body) => {
    const seconds = (body as { parameters?: { retry_after?: unknown } } | null)?.parameters?.retry_after;
    return typeof seconds === "number" ? seconds : undefined;
  },
  limits: TELEGRAM_LIMITS,
});
