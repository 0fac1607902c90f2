import { CATALOGUE } from "../platforms/index.js";
import { type AlertPayload, type AlertText, alertText, alertTitle } from "./alert.js";

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
  if (alert.kind === "sold_out" || alert.kind === "check_failing") return RED;
  if (alert.kind === "vinted_holiday_on" || alert.status === "low_stock") return AMBER;
  return GREEN;
}

const httpUrl = (u: string | null | undefined) => (u && /^https?:\/\//.test(u) ? u : undefined);

function productEmbed(alert: AlertPayload, text: AlertText): DiscordEmbed {
  const { t } = text;
  const fields: EmbedField[] = [];
  if (alert.price)
    fields.push({ name: t("label.price"), value: text.money(alert.price, alert.currency), inline: true });
  fields.push({ name: t("label.status"), value: text.status(alert.status), inline: true });
  fields.push({ name: t("label.platform"), value: CATALOGUE.label(alert.platform), inline: true });
  if (alert.newSizes.length > 0 && alert.kind !== "sold_out") {
    fields.push({ name: t("label.newSizes"), value: alert.newSizes.join(", ") });
  }
  if (alert.sizes.length > 0) fields.push({ name: t("label.availableSizes"), value: alert.sizes.join(", ") });
  for (const link of alert.cartLinks ?? []) {
    fields.push({
      name: t("label.cart", { size: link.size }),
      value: `[${t("label.addToCart")}](${link.url})`,
      inline: true,
    });
  }
  if (alert.error) fields.push({ name: t("label.reason"), value: alert.error });
  return {
    title: alert.productName,
    url: httpUrl(alert.productUrl),
    description: alertTitle(alert.kind, text),
    color: colourOf(alert),
    timestamp: alert.at,
    thumbnail: httpUrl(alert.imageUrl) ? { url: alert.imageUrl as string } : undefined,
    fields,
    footer: { text: "Stock Monitor" },
  };
}

const partText = (alert: AlertPayload) =>
  alert.part && alert.part.count > 1 ? ` (${alert.part.index}/${alert.part.count})` : "";

function itemEmbeds(alert: AlertPayload, text: AlertText): DiscordEmbed[] {
  const { t } = text;
  return (alert.items ?? []).map((item) => ({
    title: item.title,
    url: httpUrl(item.url),
    description: `${alertTitle(alert.kind, text)}${partText(alert)} · ${alert.productName}`,
    color: GREEN,
    timestamp: alert.at,
    thumbnail: httpUrl(item.imageUrl) ? { url: item.imageUrl as string } : undefined,
    fields: [
      ...(item.price
        ? [{ name: t("label.price"), value: text.money(item.price, item.currency), inline: true }]
        : []),
      ...(item.size ? [{ name: t("label.size"), value: item.size, inline: true }] : []),
      ...(item.brand ? [{ name: t("label.brand"), value: item.brand, inline: true }] : []),
    ],
    footer: { text: "Stock Monitor · Vinted" },
  }));
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
  const embeds = alert.kind === "vinted_new_items" ? itemEmbeds(alert, text) : [productEmbed(alert, text)];
  if (embeds.length === 0) embeds.push(productEmbed(alert, text));
  return { username: "Stock Monitor", embeds: withinDiscordLimits(embeds) };
}
