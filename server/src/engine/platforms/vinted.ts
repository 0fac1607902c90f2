/**
 * Vinted member profile (docs/platforms.md). The API lives on the page's host and answers 401
 * without the anonymous session: bootstrap = GET the home page, which sets `access_token_web` in the
 * cookie jar; on a 401 the jar of that host is reset and the bootstrap runs again, once. Then
 * `/api/v2/users/<id>` (holiday flag) and `/api/v2/wardrobe/<id>/items` (newest first). Reserved,
 * hidden, closed or sold items are left out. Holiday mode hides listings, so a short wardrobe while on
 * holiday is reported as vinted_vacation, not as items sold.
 */
import { hostOf, unexpected } from "./support/blocks";
import { absoluteUrl, isRecord, type Json, num, record, text } from "./support/json";
import { withoutUndefined } from "./support/result";
import { flag, itemPrice, mainPhoto, VintedSession } from "./support/vinted-api";
import { definePlatform } from "./support/define-platform";
import { idInPath } from "@common/platforms";
import { searchTargetOf } from "@common/search-url";
import { checkVintedSearch } from "../search-vinted";
import type { AdapterContext, ProfileItem, ProfileResult, SearchResult } from "./types";

const PER_PAGE = 96;

/** Vinted's country domains: one site, one /api/v2, the prices in each country's currency */
export const VINTED_DOMAINS = [
  "vinted.pt",
  "vinted.es",
  "vinted.fr",
  "vinted.be",
  "vinted.lu",
  "vinted.nl",
  "vinted.de",
  "vinted.at",
  "vinted.it",
  "vinted.pl",
  "vinted.cz",
  "vinted.sk",
  "vinted.lt",
  "vinted.lv",
  "vinted.ee",
  "vinted.hu",
  "vinted.ro",
  "vinted.hr",
  "vinted.si",
  "vinted.gr",
  "vinted.se",
  "vinted.fi",
  "vinted.dk",
  "vinted.ie",
  "vinted.co.uk",
  "vinted.com",
];

/** Pure: users body → holiday flag, name, photo */
export function parseVintedUser(body: unknown): { onHoliday: boolean; name?: string; imageUrl?: string } {
  const user = record(record(body)?.user);
  if (!user || typeof user.is_on_holiday !== "boolean") throw unexpected("membro Vinted sem `is_on_holiday`");
  return withoutUndefined({
    onHoliday: user.is_on_holiday,
    name: text(user.login),
    imageUrl: text(record(user.photo)?.url),
  });
}

/**
 * Listed and buyable: older objects carry `is_hidden / is_reserved / is_closed` (0/1 or booleans),
 * 2025 catalogue items only `is_visible`. An item with none of them cannot be judged, and the check
 * fails rather than guess.
 */
function isBuyable(item: Json): boolean {
  const visible = flag(item.is_visible);
  const hidden = flag(item.is_hidden);
  const closed = flag(item.is_closed);
  const reserved = flag(item.is_reserved);
  if ([visible, hidden, closed, reserved].every((f) => f === undefined)) {
    throw unexpected(`artigo Vinted ${text(item.id) ?? "?"} sem is_visible nem is_hidden/is_closed`);
  }
  return (
    visible !== false &&
    hidden !== true &&
    closed !== true &&
    reserved !== true &&
    flag(item.is_draft) !== true &&
    !text(item.item_closing_action)
  );
}

/** Pure: wardrobe body → visible, buyable items */
export function parseVintedWardrobe(body: unknown, origin: string): ProfileItem[] {
  const items = record(body)?.items;
  if (!Array.isArray(items)) throw unexpected("guarda-roupa Vinted sem `items`");
  return items
    .filter(isRecord)
    .filter(isBuyable)
    .filter((item) => text(item.id))
    .map((item) =>
      withoutUndefined({
        id: text(item.id)!,
        title: text(item.title) ?? "",
        ...itemPrice(item),
        url: absoluteUrl(item.url, origin) ?? `${origin}/items/${text(item.id)}`,
        imageUrl: mainPhoto(item),
        size: text(item.size_title) ?? text(item.size),
        brand: text(item.brand_title) ?? text(record(item.brand)?.title) ?? text(item.brand),
      }),
    );
}

export function vintedProfile(user: ReturnType<typeof parseVintedUser>, items: ProfileItem[]): ProfileResult {
  return withoutUndefined({
    kind: "profile" as const,
    status: user.onHoliday ? ("vinted_vacation" as const) : ("vinted_active" as const),
    items,
    name: user.name,
    imageUrl: user.imageUrl,
  });
}

export async function checkVinted(ctx: AdapterContext): Promise<ProfileResult | SearchResult> {
  // a catalogue page with its filters is a search (search-vinted.ts), a member's page a profile
  if (searchTargetOf("vinted", ctx.product.url)) return checkVintedSearch(ctx);
  const memberId = vinted.idFromUrl(ctx.product.url);
  if (!memberId) throw unexpected("URL Vinted sem /member/<id>");
  const origin = new URL(ctx.product.url).origin;
  const host = hostOf(ctx.product.url);
  const session = new VintedSession(ctx.http, origin, host);
  const user = parseVintedUser(await session.api(`/api/v2/users/${memberId}`));
  const maxItems = Math.max(1, Math.min(num(ctx.product.config.maxItems) ?? PER_PAGE, PER_PAGE));
  const wardrobe = await session.api(
    `/api/v2/wardrobe/${memberId}/items?page=1&per_page=${PER_PAGE}&order=newest_first`,
  );
  const items = parseVintedWardrobe(wardrobe, origin).slice(0, maxItems);
  return { ...vintedProfile(user, items), source: "api-v2" };
}

export const vinted = definePlatform({
  key: "vinted",
  order: 7,
  label: "Vinted",
  sampleUrl: "https://www.vinted.pt/member/12345678-utilizador",
  defaultInterval: 180_000,
  /** Vinted answers 403 after a few dozen quick requests */
  budget: { perMinute: 30, atOnce: 2 },
  // every country domain runs the same site and the same /api/v2 (docs/platforms.md)
  hosts: VINTED_DOMAINS,
  idRules: [idInPath(/^\/member\/(?:general\/)?(\d+)(?:[-/]|$)/)],
  profile: true,
  search: "vinted",
  texts: {
    pt: {
      description: "Perfil de um membro da Vinted: artigos novos e modo férias",
      configHelp: 'Opcional: {"maxItems": 20}. O URL é o perfil do membro.',
    },
    en: {
      description: "A Vinted member's profile: new items and holiday mode",
      configHelp: 'Optional: {"maxItems": 20}. The URL is the member\'s profile.',
    },
    es: {
      description: "Perfil de un miembro de Vinted: artículos nuevos y modo vacaciones",
      configHelp: 'Opcional: {"maxItems": 20}. La URL es el perfil del miembro.',
    },
  },
  headerProfile: "api",
  check: checkVinted,
});
