/**
 * What Vinted's member route and its catalogue search share (docs/platforms.md): the anonymous
 * session the API needs, and how an item object states its flags, price and photo.
 */
import { assertAnswered, parseJson } from "./blocks";
import { isRecord, type Json, list, record, text } from "./json";
import { decimalText } from "./money";
import { withoutUndefined } from "./result";
import { isoCurrency } from "./verdict";
import type { HttpClient, HttpResponse } from "../types";

/** hosts whose session this client already bootstrapped (per client: tests and workers do not share jars) */
const bootstrapped = new WeakMap<object, Set<string>>();

/** older item objects send flags as 0/1, newer ones as booleans */
export function flag(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === "1") return true;
  if (value === false || value === 0 || value === "0") return false;
  return undefined;
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
export function itemPrice(item: Json): { price: string | null; currency?: string } {
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

export function mainPhoto(item: Json): string | undefined {
  const photos = list(item.photos).filter(isRecord);
  const photo = photos.find((p) => p.is_main === true) ?? photos[0] ?? record(item.photo);
  return text(photo?.url);
}

/**
 * The API lives on the page's host and answers 401 without the anonymous session: bootstrap = GET
 * the home page, which sets `access_token_web` in the cookie jar; on a 401 the jar of that host is
 * reset and the bootstrap runs again, once.
 */
export class VintedSession {
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
