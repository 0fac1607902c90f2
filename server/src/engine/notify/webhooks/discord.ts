import { CATALOGUE } from "../../platforms/index.js";
import {
  alertError,
  type AlertPayload,
  type AlertText,
  alertText,
  alertPriceText,
  alertTitle,
  compreiItemLink,
  compreiLink,
  elapsed,
} from "../alert.js";
import { defineWebhookKind } from "./define-webhook-kind.js";

/** Discord's embed limits (its API documentation; lengths in UTF-16 units) */
export const DISCORD_LIMITS = {
  embeds: 10,
  fields: 25,
  total: 6000,
  title: 256,
  fieldName: 256,
  fieldValue: 1024,
  description: 4096,
  footer: 2048,
};

const GREEN = 0x2ecc71;
const AMBER = 0xf1c40f;
const RED = 0xe74c3c;

interface EmbedField {
  name: string;
  value: string;
  inline?: boolean;
}

export interface DiscordEmbed {
  title: string;
  url?: string;
  description?: string;
  color: number;
  timestamp: string;
  thumbnail?: { url: string };
  fields: EmbedField[];
  footer: { text: string };
}

export interface DiscordMessage {
  username: string;
  embeds: DiscordEmbed[];
  /** no @everyone, role or user ping, whatever the text carries */
  allowed_mentions: { parse: never[] };
}

/**
 * Discord reads markdown in embed titles, descriptions and fields: text from retailers and Vinted
 * sellers (names, sizes, titles, error text) is escaped so it cannot bold, hide (spoilers), quote
 * or make masked links `[text](url)` (its brackets escaped) and mentions `<@id>`. A backslash before any punctuation is
 * Discord's escape; lists, headings and quotes only start a line, so only there are `-`, `#`, `>`
 * and `1.` escaped.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\*_~`|[\]<]/g, "\\$&")
    .replace(/^(\s*)([-#>+]|\d+(?=\.))/gm, (_, space: string, mark: string) =>
      /^\d/.test(mark) ? `${space}${mark}\\` : `${space}\\${mark}`,
    );
}

const graphemes = new Intl.Segmenter("pt", { granularity: "grapheme" });

/**
 * Cuts to `max` UTF-16 code units (how Discord counts: an emoji is 2 or more) at a grapheme
 * boundary, so no emoji or accented letter is split, and marks the cut; never returns "".
 */
export function truncate(text: string, max: number): string {
  const clean = text.trim() || "—";
  if (clean.length <= max) return clean;
  let cut = "";
  for (const { segment } of graphemes.segment(clean)) {
    if (cut.length + segment.length > max - 1) break;
    cut += segment;
  }
  return `${cut}…`;
}

function colourOf(alert: AlertPayload): number {
  if (alert.kind === "sold_out" || alert.kind === "check_failing" || alert.kind === "paused_not_found")
    return RED;
  if (alert.kind === "vinted_holiday_on" || alert.status === "low_stock") return AMBER;
  return GREEN;
}

const httpUrl = (u: string | null | undefined) => (u && /^https?:\/\//.test(u) ? u : undefined);

/** an http(s) URL inside a masked link: a `)` or space would end it early */
const linkTarget = (url: string) =>
  url.replace(/[()\s<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);

/** a list of retailer text (sizes) as a field shows it */
const shown = (values: string[]) => escapeMarkdown(values.join(", "));

function productEmbed(alert: AlertPayload, text: AlertText): DiscordEmbed {
  const { t } = text;
  const fields: EmbedField[] = [];
  if (alert.price)
    fields.push({
      name: t("label.price"),
      // a price drop shows where it came from: "45,99 € → 35,99 €"
      value: alertPriceText(alert, text),
      inline: true,
    });
  fields.push({ name: t("label.status"), value: text.status(alert.status), inline: true });
  fields.push({ name: t("label.platform"), value: CATALOGUE.label(alert.platform), inline: true });
  if (alert.newSizes.length > 0 && alert.kind !== "sold_out") {
    fields.push({ name: t("label.newSizes"), value: shown(alert.newSizes) });
  }
  if (alert.sizes.length > 0) fields.push({ name: t("label.availableSizes"), value: shown(alert.sizes) });
  for (const link of alert.cartLinks ?? []) {
    if (!httpUrl(link.url)) continue;
    fields.push({
      name: t("label.cart", { size: escapeMarkdown(link.size) }),
      value: `[${t("label.addToCart")}](${linkTarget(link.url)})`,
      inline: true,
    });
  }
  const error = alertError(alert, text);
  if (error) fields.push({ name: t("label.reason"), value: escapeMarkdown(error) });
  const comprei = compreiLink(alert);
  if (comprei) fields.push(compreiField(comprei, text));
  return {
    title: escapeMarkdown(alert.productName),
    url: httpUrl(alert.productUrl),
    description: alertTitle(alert.kind, text),
    color: colourOf(alert),
    timestamp: alert.at,
    thumbnail: httpUrl(alert.imageUrl) ? { url: alert.imageUrl as string } : undefined,
    fields,
    footer: { text: "Stock Monitor" },
  };
}

/** the app's "Comprei" for the product or match: the new item filled from it */
const compreiField = (url: string, { t }: AlertText): EmbedField => ({
  name: t("label.comprei"),
  value: `[${t("label.compreiAction")}](${linkTarget(url)})`,
  inline: true,
});

const partText = (alert: AlertPayload) =>
  alert.part && alert.part.count > 1 ? ` (${alert.part.index}/${alert.part.count})` : "";

/** the alert kinds whose message is one embed per item */
const ITEM_KINDS = new Set<AlertPayload["kind"]>(["vinted_new_items", "search_new_items", "search_restock"]);

function itemEmbeds(alert: AlertPayload, text: AlertText): DiscordEmbed[] {
  const { t } = text;
  const field = (name: string, value: string | undefined | null) =>
    value ? [{ name, value, inline: true }] : [];
  return (alert.items ?? []).map((item) => {
    const ago = elapsed(item.publishedAt, alert.at);
    const comprei = compreiItemLink(alert, item);
    return {
      title: escapeMarkdown(item.title),
      url: httpUrl(item.url),
      description: `${alertTitle(alert.kind, text)}${partText(alert)} · ${escapeMarkdown(alert.productName)}`,
      color: GREEN,
      timestamp: alert.at,
      thumbnail: httpUrl(item.imageUrl) ? { url: item.imageUrl as string } : undefined,
      fields: [
        ...field(t("label.price"), item.price ? text.money(item.price, item.currency) : null),
        ...field(
          t("label.total"),
          item.totalPrice && item.totalPrice !== item.price
            ? text.money(item.totalPrice, item.currency)
            : null,
        ),
        ...field(t("label.size"), escapeMarkdown(item.size ?? item.sizes?.join(", ") ?? "")),
        ...field(t("label.brand"), escapeMarkdown(item.brand ?? "")),
        ...field(t("label.condition"), escapeMarkdown(item.condition ?? "")),
        ...field(
          t("label.seller"),
          item.sellerRating !== undefined ? `${item.sellerRating.toLocaleString(text.locale)} ★` : null,
        ),
        ...field(t("label.published"), ago ? t("label.ago", { time: ago }) : null),
        ...(comprei ? [compreiField(comprei, text)] : []),
      ],
      footer: { text: `Stock Monitor · ${CATALOGUE.label(alert.platform)}` },
    };
  });
}

const embedChars = (e: DiscordEmbed) =>
  e.title.length +
  (e.description?.length ?? 0) +
  e.footer.text.length +
  e.fields.reduce((sum, f) => sum + f.name.length + f.value.length, 0);

/** the embed within `budget` characters: its description goes first, then trailing fields, then title */
function fitEmbed(embed: DiscordEmbed, budget: number): DiscordEmbed {
  if (embedChars(embed) <= budget) return embed;
  const fitted = { ...embed, description: undefined, fields: [...embed.fields] };
  while (embedChars(fitted) > budget && fitted.fields.length > 0) fitted.fields.pop();
  if (embedChars(fitted) > budget) {
    fitted.title = truncate(fitted.title, Math.max(1, budget - fitted.footer.text.length));
  }
  return fitted;
}

/**
 * Applies every per-field limit, then shares the 6000 total among the embeds so none is dropped
 * (a Vinted drop sends at most 10 items per message; the detector splits larger drops).
 */
export function withinDiscordLimits(embeds: DiscordEmbed[]): DiscordEmbed[] {
  const limited = embeds.slice(0, DISCORD_LIMITS.embeds).map((e) => ({
    ...e,
    title: truncate(e.title, DISCORD_LIMITS.title),
    description:
      e.description === undefined ? undefined : truncate(e.description, DISCORD_LIMITS.description),
    footer: { text: truncate(e.footer.text, DISCORD_LIMITS.footer) },
    fields: e.fields.slice(0, DISCORD_LIMITS.fields).map((f) => ({
      ...f,
      name: truncate(f.name, DISCORD_LIMITS.fieldName),
      value: truncate(f.value, DISCORD_LIMITS.fieldValue),
    })),
  }));
  const total = limited.reduce((sum, e) => sum + embedChars(e), 0);
  if (total <= DISCORD_LIMITS.total) return limited;
  const budget = Math.floor(DISCORD_LIMITS.total / limited.length);
  return limited.map((e) => fitEmbed(e, budget));
}

/** the alert as a Discord message, in the owner's language */
export function discordMessage(alert: AlertPayload): DiscordMessage {
  const text = alertText(alert.language);
  const embeds = ITEM_KINDS.has(alert.kind) ? itemEmbeds(alert, text) : [productEmbed(alert, text)];
  if (embeds.length === 0) embeds.push(productEmbed(alert, text));
  return { username: "Stock Monitor", embeds: withinDiscordLimits(embeds), allowed_mentions: { parse: [] } };
}

/**
 * Discord answers a webhook that asks `?wait=true` only once the message is stored, with the
 * message itself: a 2xx is a delivery, and a message Discord could not save is an error we retry
 * (without it Discord answers 204 first and may drop the message silently).
 */
function discordWait(webhookUrl: string): string {
  const url = new URL(webhookUrl);
  url.searchParams.set("wait", "true");
  return url.toString();
}

export const discord = defineWebhookKind({
  key: "discord",
  order: 1,
  sampleUrl: "https://discord.com/api/webhooks/123/token",
  recognises(webhookUrl) {
    try {
      const url = new URL(webhookUrl);
      return (
        /(^|\.)(discord|discordapp)\.com$/.test(url.hostname.toLowerCase()) &&
        url.pathname.startsWith("/api/webhooks/")
      );
    } catch {
      return false;
    }
  },
  alertRequest: (webhookUrl, alert) => ({ url: discordWait(webhookUrl), body: discordMessage(alert) }),
  testRequest: (webhookUrl, { title, text, at }) => ({
    url: webhookUrl,
    body: {
      username: "Stock Monitor",
      embeds: [{ title, description: text, color: GREEN, timestamp: at, footer: { text: "Stock Monitor" } }],
      allowed_mentions: { parse: [] },
    },
  }),
  // JSON retry_after in seconds, may be fractional
  retryAfterSeconds: (body) => {
    const seconds = (body as { retry_after?: unknown } | null)?.retry_after;
    return typeof seconds === "number" ? seconds : undefined;
  },
  limits: DISCORD_LIMITS,
});
