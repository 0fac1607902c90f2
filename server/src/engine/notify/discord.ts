import { PLATFORMS, type PlatformKey } from "@common/platforms.js";
import { PRODUCT_STATUS_LABELS, type ProductStatus } from "@common/status.js";
import { formatEur } from "@common/money.js";
import { type AlertPayload, alertTitle } from "./alert.js";

/** Discord's embed limits (MONITORING.md §6.1) */
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

/** cuts at a character boundary and marks the cut; never returns an empty string */
export function truncate(text: string, max: number): string {
  const clean = text.trim() || "—";
  if (clean.length <= max) return clean;
  const chars = Array.from(clean);
  if (chars.length <= max) return clean;
  return `${chars.slice(0, max - 1).join("")}…`;
}

const platformLabel = (key: string) => PLATFORMS[key as PlatformKey]?.label ?? key;
const statusLabel = (s: string) => PRODUCT_STATUS_LABELS[s as ProductStatus] ?? s;

function colourOf(alert: AlertPayload): number {
  if (alert.kind === "sold_out" || alert.kind === "check_failing") return RED;
  if (alert.kind === "vinted_holiday_on" || alert.status === "low_stock") return AMBER;
  return GREEN;
}

const httpUrl = (u: string | null | undefined) => (u && /^https?:\/\//.test(u) ? u : undefined);

function productEmbed(alert: AlertPayload): DiscordEmbed {
  const fields: EmbedField[] = [];
  if (alert.price) fields.push({ name: "Preço", value: formatEur(alert.price), inline: true });
  fields.push({ name: "Estado", value: statusLabel(alert.status), inline: true });
  fields.push({ name: "Plataforma", value: platformLabel(alert.platform), inline: true });
  if (alert.newSizes.length > 0 && alert.kind !== "sold_out") {
    fields.push({ name: "Novos tamanhos", value: alert.newSizes.join(", ") });
  }
  if (alert.sizes.length > 0) fields.push({ name: "Tamanhos disponíveis", value: alert.sizes.join(", ") });
  for (const link of alert.cartLinks ?? []) {
    fields.push({
      name: `Carrinho ${link.size}`,
      value: `[Adicionar ao carrinho](${link.url})`,
      inline: true,
    });
  }
  if (alert.error) fields.push({ name: "Motivo", value: alert.error });
  return {
    title: alert.productName,
    url: httpUrl(alert.productUrl),
    description: alertTitle(alert.kind),
    color: colourOf(alert),
    timestamp: alert.at,
    thumbnail: httpUrl(alert.imageUrl) ? { url: alert.imageUrl as string } : undefined,
    fields,
    footer: { text: "Stock Monitor" },
  };
}

function itemEmbeds(alert: AlertPayload): DiscordEmbed[] {
  return (alert.items ?? []).map((item) => ({
    title: item.title,
    url: httpUrl(item.url),
    description: `${alertTitle(alert.kind)} · ${alert.productName}`,
    color: GREEN,
    timestamp: alert.at,
    thumbnail: httpUrl(item.imageUrl) ? { url: item.imageUrl as string } : undefined,
    fields: [
      ...(item.price ? [{ name: "Preço", value: formatEur(item.price), inline: true }] : []),
      ...(item.size ? [{ name: "Tamanho", value: item.size, inline: true }] : []),
      ...(item.brand ? [{ name: "Marca", value: item.brand, inline: true }] : []),
    ],
    footer: { text: "Stock Monitor · Vinted" },
  }));
}

const embedChars = (e: DiscordEmbed) =>
  e.title.length +
  (e.description?.length ?? 0) +
  e.footer.text.length +
  e.fields.reduce((sum, f) => sum + f.name.length + f.value.length, 0);

/** Applies every per-field limit, then drops trailing fields/embeds until the 6000 total holds. */
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
  const total = () => limited.reduce((sum, e) => sum + embedChars(e), 0);
  while (total() > DISCORD_LIMITS.total) {
    const last = limited[limited.length - 1];
    if (limited.length > 1) limited.pop();
    else if (last.fields.length > 0) last.fields.pop();
    else last.description = undefined;
  }
  return limited;
}

export function discordMessage(alert: AlertPayload): DiscordMessage {
  const embeds = alert.kind === "vinted_new_items" ? itemEmbeds(alert) : [productEmbed(alert)];
  if (embeds.length === 0) embeds.push(productEmbed(alert));
  return { username: "Stock Monitor", embeds: withinDiscordLimits(embeds) };
}
