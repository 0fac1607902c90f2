/**
 * Vinted member profile (docs/platforms.md). The API lives on the page's host and answers 401
 * without the anonymous session: bootstrap = GET the home page, which sets `access_token_web` in the
 * cookie jar; on a 401 the jar of that host is reset and the bootstrap runs again, once. Then
 * `/api/v2/users/<id>` (holiday flag) and `/api/v2/wardrobe/<id>/items` (newest first). Reserved,
 * hidden, closed or sold items are left out. Holiday mode hides listings, so a short wardrobe while on
 * holiday is reported as vinted_vacation, not as items sold.
 */
import { assertAnswered, hostOf, parseJson, unexpected } from "./support/blocks";
import { absoluteUrl, isRecord, type Json, list, num, record, text } from "./support/json";
import { decimalText } from "./support/money";
import { withoutUndefined } from "./support/result";
import { isoCurrency } from "./support/verdict";
import { definePlatform } from "./support/define-platform";
import { idInPath } from "@common/platforms";
import type { AdapterContext, HttpClient, HttpResponse, ProfileItem, ProfileResult } from "./types";

const PER_PAGE = 96;
/** hosts whose session this client already bootstrapped (per client: tests and workers do not share jars) */
const bootstrapped = new WeakMap<object, Set<string>>();

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

/** older item objects send flags as 0/1, newer ones as booleans */
function flag(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === "1") return true;
  if (value === false || value === 0 || value === "0") return false;
  return undefined;
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

const CURRENCY_SYMBOLS: [RegExp, string][] = [
  [/€/, "EUR"],
  [/zł/i, "PLN"],
  [/£/, "GBP"],
  [/Kč/, "CZK"],
  [/\bFt\b/, "HUF"],
  [/\blei\b/i, "RON"],
  [/\bkr\b/i, "SEK"],
  [/US\s?\$/, "USD"],
];

/** `price: {amount, currency_code}`, or older `price: "4,00 €"` with `price_numeric` */
function itemPrice(item: Json): { price: string | null; currency?: string } {
  const price = item.price;
  if (isRecord(price)) {
    return withoutUndefined({
      price: decimalText(price.amount),
      currency: isoCurrency(price.currency_code) ?? isoCurrency(item.currency),
    });
  }
  const written = text(price);
  const bySymbol = written ? CURRENCY_SYMBOLS.find(([symbol]) => symbol.test(written))?.[1] : undefined;
  return withoutUndefined({
    price: decimalText(item.price_numeric) ?? decimalText(price),
    currency: isoCurrency(item.currency) ?? isoCurrency(item.currency_code) ?? bySymbol,
  });
}

function mainPhoto(item: Json): string | undefined {
  const photos = list(item.photos).filter(isRecord);
  const photo = photos.find((p) => p.is_main === true) ?? photos[0] ?? record(item.photo);
  return text(photo?.url);
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

export async function checkVinted(ctx: AdapterContext): Promise<ProfileResult> {
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

class VintedSession {
  private renewed = false;

  constructor(
    private readonly http: HttpClient,
    private readonly origin: string,
    private readonly host: string,
  ) {}

  async api(path: string): Promise<unknown> {
    await this.ensureBootstrapped();
    let res = await this.get(path);
    if (res.status === 401 && !this.renewed) {
      this.renewed = true;
      this.http.resetCookies(this.host);
      this.hosts().delete(this.host);
      await this.ensureBootstrapped();
      res = await this.get(path);
    }
    assertAnswered(res, `${this.origin}${path}`);
    return parseJson(res.body);
  }

  private hosts(): Set<string> {
    let hosts = bootstrapped.get(this.http.state ?? this.http);
    if (!hosts) {
      hosts = new Set();
      bootstrapped.set(this.http.state ?? this.http, hosts);
    }
    return hosts;
  }

  private async ensureBootstrapped(): Promise<void> {
    if (this.hosts().has(this.host)) return;
    const url = `${this.origin}/`;
    const res = await this.http.request({
      url,
      headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
    });
    assertAnswered(res, url);
    // the jar now holds access_token_web; if the site withheld it, the API's 401 tells (after one renewal)
    this.hosts().add(this.host);
  }

  private get(path: string): Promise<HttpResponse> {
    return this.http.request({
      url: `${this.origin}${path}`,
      headers: {
        accept: "application/json, text/plain, */*",
        "accept-language": "pt-PT,pt;q=0.9",
        referer: `${this.origin}/`,
      },
    });
  }
}

export const vinted = definePlatform({
  key: "vinted",
  order: 7,
  label: "Vinted",
  sampleUrl: "https://www.vinted.pt/member/12345678-utilizador",
  defaultInterval: 180_000,
  hosts: ["vinted.pt", "vinted.com", "vinted.fr", "vinted.es", "vinted.it", "vinted.de"],
  idRules: [idInPath(/^\/member\/(?:general\/)?(\d+)(?:[-/]|$)/)],
  profile: true,
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
