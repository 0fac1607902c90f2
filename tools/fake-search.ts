/**
 * The search answers of the stand-in retailer (issue 25), in the real shapes docs/platforms.md
 * describes: Vinted's `/api/v2/catalog/items` (the 2024–25 catalogue item: price and
 * total_item_price as {amount, currency_code}, service_fee, status = the condition text, photo with
 * high_resolution.timestamp, user, pagination) and Shopify's `/products.json` and
 * `/collections/<handle>/products.json` (decimal prices, per-variant `available`, published_at).
 *
 * Control (JSON, through FakeRetailer's control API):
 *   POST /__control/catalog {items: [{id, title, price, brand?, size?, condition?, ...}], replace?}
 *   POST /__control/collection {handle, products: [product ids of FakeRetailer.products]}
 */

export interface FakeCatalogItem {
  id: string;
  title: string;
  /** decimal text in `currency` */
  price: string;
  currency?: string;
  brand?: string;
  size?: string;
  /** Vinted's condition text: "Novo com etiquetas", "Muito bom", "Bom", "Satisfatório" */
  condition?: string;
  brandId?: number;
  sizeId?: number;
  statusId?: number;
  /** epoch seconds the photo went up (the listing's time); default: when it was added */
  uploadedAt?: number;
  /** the seller's reputation 0–1, carried only when set (catalogue answers usually leave it out) */
  reputation?: number;
  /** the answer leaves out service_fee and total_item_price (an older answer) */
  noTotals?: boolean;
  hidden?: boolean;
}

/** the buyer-protection fee the stand-in states: 0,70 € + 5 % (docs/decisions.md) */
const feeOf = (price: string) => {
  const cents = Math.round(Number(price) * 100);
  return ((70 + Math.round(cents * 0.05)) / 100).toFixed(2);
};
const plus = (a: string, b: string) =>
  ((Math.round(Number(a) * 100) + Math.round(Number(b) * 100)) / 100).toFixed(2);

export class FakeSearches {
  /** newest last; the answer lists newest first */
  readonly catalog: FakeCatalogItem[] = [];
  readonly collections = new Map<string, string[]>();
  /** when each Shopify product was published (epoch ms), for products.json's order */
  readonly published = new Map<string, number>();
  catalogRequests = 0;

  addCatalogItems(items: FakeCatalogItem[], replace = false): void {
    if (replace) this.catalog.length = 0;
    const now = Math.floor(Date.now() / 1000);
    for (const item of items) {
      const at = this.catalog.findIndex((c) => c.id === item.id);
      const full = { uploadedAt: now, ...item };
      if (at >= 0) this.catalog[at] = full;
      else this.catalog.push(full);
    }
  }

  setCollection(handle: string, productIds: string[]): void {
    this.collections.set(handle, productIds);
    const start = Date.now() - productIds.length * 1000;
    productIds.forEach((id, i) => {
      if (!this.published.has(id)) this.published.set(id, start + i * 1000);
    });
  }

  reset(): void {
    this.catalog.length = 0;
    this.collections.clear();
    this.published.clear();
    this.catalogRequests = 0;
  }

  /** the catalogue API's answer for a query, as vinted.pt sends it */
  catalogAnswer(query: URLSearchParams, origin: string): string {
    this.catalogRequests++;
    const text = (query.get("search_text") ?? "").toLowerCase();
    const from = query.get("price_from") ? Number(query.get("price_from")) : null;
    const to = query.get("price_to") ? Number(query.get("price_to")) : null;
    const ids = (name: string) => new Set((query.get(name) ?? "").split(",").filter(Boolean).map(Number));
    const brands = ids("brand_ids");
    const sizes = ids("size_ids");
    const statuses = ids("status_ids");
    const perPage = Math.min(Number(query.get("per_page") ?? 96) || 96, 96);
    const matching = [...this.catalog]
      .reverse()
      .filter((i) => !i.hidden)
      .filter((i) => !text || i.title.toLowerCase().includes(text))
      .filter((i) => from === null || Number(i.price) >= from)
      .filter((i) => to === null || Number(i.price) <= to)
      .filter((i) => brands.size === 0 || (i.brandId !== undefined && brands.has(i.brandId)))
      .filter((i) => sizes.size === 0 || (i.sizeId !== undefined && sizes.has(i.sizeId)))
      .filter((i) => statuses.size === 0 || (i.statusId !== undefined && statuses.has(i.statusId)));
    const page = matching.slice(0, perPage);
    return JSON.stringify({
      items: page.map((i) => catalogItem(i, origin)),
      dominant_brand: null,
      search_tracking_params: {
        search_correlation_id: "b1f0c6a8-3f1e-4c55-9a57-5d6b8d2c1e11",
        search_session_id: "6f1d9a2e-0d7c-4b8e-a1f3-2c9b7e5d4a10",
      },
      pagination: {
        current_page: 1,
        total_pages: Math.max(1, Math.ceil(matching.length / perPage)),
        total_entries: matching.length,
        per_page: perPage,
        time: Math.floor(Date.now() / 1000),
      },
      code: 0,
    });
  }
}

function catalogItem(i: FakeCatalogItem, origin: string): Record<string, unknown> {
  const currency = i.currency ?? "EUR";
  const slug = i.title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const photo = {
    id: Number(i.id) * 10,
    image_no: 1,
    width: 600,
    height: 800,
    dominant_color: "#8C8C8C",
    url: `https://images1.vinted.net/t/${i.id}/f800/${i.id}.jpeg`,
    is_main: true,
    thumbnails: [{ type: "thumb310x430", url: `https://images1.vinted.net/t/${i.id}/310x430/${i.id}.jpeg` }],
    high_resolution: { id: `${i.id}hr`, timestamp: i.uploadedAt, orientation: null },
    is_suspicious: false,
    full_size_url: `https://images1.vinted.net/tc/${i.id}/${i.id}.jpeg`,
    is_hidden: false,
    extra: {},
  };
  const fee = feeOf(i.price);
  return {
    id: Number(i.id),
    title: i.title,
    price: { amount: i.price, currency_code: currency },
    is_visible: true,
    brand_title: i.brand ?? "",
    path: `/items/${i.id}-${slug}`,
    user: {
      id: 1000 + (Number(i.id) % 97),
      login: `vendedor${Number(i.id) % 97}`,
      profile_url: `${origin}/member/${1000 + (Number(i.id) % 97)}`,
      photo: null,
      business: false,
      ...(i.reputation !== undefined ? { feedback_reputation: i.reputation } : {}),
    },
    conversion: null,
    url: `https://www.vinted.pt/items/${i.id}-${slug}`,
    promoted: false,
    photo,
    favourite_count: 3,
    is_favourite: false,
    ...(i.noTotals
      ? {}
      : {
          service_fee: { amount: fee, currency_code: currency },
          total_item_price: { amount: plus(i.price, fee), currency_code: currency },
        }),
    view_count: 0,
    size_title: i.size ?? "",
    content_source: "search",
    status: i.condition ?? "Muito bom",
    icon_badges: [],
    item_box: {
      first_line: i.brand ?? "",
      second_line: [i.size, i.condition].filter(Boolean).join(" · "),
      accessibility_label: `${i.title}, ${i.brand ?? ""}, ${i.price} €`,
      item_id: Number(i.id),
    },
    search_tracking_params: { score: null, matched_queries: [] },
  };
}

/** one product of a products.json answer; `p` is FakeRetailer's product */
export function shopifyListed(
  id: string,
  p: { name: string; price: string; sizes: string[]; allSizes: string[] },
  publishedAt: number,
  origin: string,
): Record<string, unknown> {
  const productId = 8000000000000 + (Number.parseInt(id, 36) % 1e9);
  const at = new Date(publishedAt).toISOString();
  return {
    id: productId,
    title: p.name,
    handle: id,
    body_html: `<p>${p.name}</p>`,
    published_at: at,
    created_at: at,
    updated_at: at,
    vendor: "Nude Project",
    product_type: "Hoodie",
    tags: ["new"],
    variants: p.allSizes.map((size, i) => ({
      id: productId * 10 + i,
      title: size,
      option1: size,
      option2: null,
      option3: null,
      sku: `${id}-${size}`,
      requires_shipping: true,
      taxable: true,
      featured_image: null,
      available: p.sizes.includes(size),
      price: Number(p.price).toFixed(2),
      grams: 600,
      compare_at_price: null,
      position: i + 1,
      product_id: productId,
      created_at: at,
      updated_at: at,
    })),
    images: [
      {
        id: productId + 1,
        created_at: at,
        position: 1,
        updated_at: at,
        product_id: productId,
        variant_ids: [],
        src: `https://${origin.replace(/^https?:\/\//, "")}/cdn/shop/files/${id}.jpg`,
        width: 1200,
        height: 1600,
      },
    ],
    options: [{ name: "Size", position: 1, values: p.allSizes }],
  };
}
