/**
 * Vinted member profile (PLATFORMS.md Part 2 §1). The API lives on the page's host and answers 401
 * without the anonymous session: bootstrap = GET the home page, which sets `access_token_web` in the
 * cookie jar; on a 401 the jar of that host is reset and the bootstrap runs again, once. Then
 * `/api/v2/users/<id>` (holiday flag) and `/api/v2/wardrobe/<id>/items` (newest first). Reserved,
 * hidden, closed or sold items are left out. Holiday mode hides listings, so a short wardrobe while on
 * holiday is reported as vinted_vacation, not as items sold.
 */
import { assertAnswered, hostOf, parseJson, unexpected } from "./blocks";
import { absoluteUrl, isRecord, type Json, list, num, record, text } from "./json";
import { decimalText } from "./money";
import { withoutUndefined } from "./result";
import type {
  AdapterContext,
  HttpClient,
  HttpResponse,
  PlatformAdapter,
  ProfileItem,
  ProfileResult,
} from "./types";

const PER_PAGE = 96;
/** hosts whose session this client already bootstrapped (per client: tests and workers do not share jars) */
const bootstrapped = new WeakMap<HttpClient, Set<string>>();

export function vintedMemberId(url: string): string | null {
  return /\/member\/(?:general\/)?(\d+)/.exec(url)?.[1] ?? null;
}

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

function isBuyable(item: Json): boolean {
  return (
    item.is_closed !== true &&
    item.is_reserved !== true &&
    item.is_hidden !== true &&
    item.is_draft !== true &&
    !text(item.item_closing_action)
  );
}

function itemPrice(item: Json): string | null {
  const price = item.price;
  if (isRecord(price)) return decimalText(price.amount);
  return decimalText(item.price_numeric) ?? decimalText(price);
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
        price: itemPrice(item),
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
  const memberId = vintedMemberId(ctx.product.url);
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
    let hosts = bootstrapped.get(this.http);
    if (!hosts) {
      hosts = new Set();
      bootstrapped.set(this.http, hosts);
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

export const vintedAdapter: PlatformAdapter = { key: "vinted", check: checkVinted };
