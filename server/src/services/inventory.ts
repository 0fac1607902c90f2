import {
  type CreateInventoryItem,
  type InventoryItem,
  type DraftPhoto,
  type ItemDraft,
  type LastRate,
  PURCHASE_CURRENCIES,
  purchaseCurrencyIssues,
  type UpdateInventoryItem,
  type UpdateInventoryStatus,
} from "@common/schemas/inventory.js";
import { convertMoney, MAX_MONEY_CENTS, parseMoney, toCents } from "@common/money.js";
import type { DayWindow } from "../repositories/sale-calendar.js";
import type { Conn, Db } from "../db/client.js";
import type { PlatformCatalogue } from "@common/platforms.js";
import { parseJsonList } from "@common/schemas/products.js";
import { badRequest, conflict, notFound } from "../http-error.js";
import { inventoryItemsRepository } from "../repositories/inventory-items.js";
import { productsRepository } from "../repositories/products.js";
import { salesRepository } from "../repositories/sales.js";
import { decodePhoto, photoDataUrlOf, photoUrls, storePhoto } from "./item-photos.js";
import { getUserSettings } from "./settings.js";
import { assertRoomForItem, assertRoomForPhoto } from "./quotas.js";
import { ALREADY_SOLD, computeProfit, lockOwnItem, recordSale, requireSalePrice } from "./sales.js";

/** Inventory items: create, edit, change status (to sold through a sale), list with their sale. */

/** POST /api/inventory: an item created as sold gets its sale in the same transaction */
export async function createItem(db: Db, userId: number, input: CreateInventoryItem): Promise<number> {
  const { salePrice, fees, buyer, platform, image, ...fields } = input;
  const saleDetails =
    fields.status === "sold" ? requireSalePrice({ salePrice, fees, buyer, platform }) : null;
  const photo = image ? await decodePhoto(image) : null;
  return db.transaction(async (tx) => {
    await assertRoomForItem(tx, userId, photo ? photoSize(photo) : null);
    if (fields.sourceProductId && !(await productsRepository.findOwn(tx, userId, fields.sourceProductId)))
      throw badRequest(SOURCE_NOT_FOUND, [{ path: "sourceProductId", message: SOURCE_NOT_FOUND }]);
    const item = await inventoryItemsRepository.insert(tx, {
      ...fields,
      ...purchaseCost(fields),
      sourceProductId: fields.sourceProductId ?? null,
      userId,
      status: saleDetails ? "in_stock" : fields.status,
      purchaseDate: fields.purchaseDate ?? null,
      tags: fields.tags ?? [],
    });
    if (photo) await storePhoto(tx, item.id, photo);
    if (saleDetails) await recordSale(tx, item, saleDetails);
    return item.id;
  });
}

const SOURCE_NOT_FOUND = "O monitor de origem não existe ou não é seu";

/**
 * An item bought in another currency keeps the amount as paid and the day's rate, and its price
 * (the books' amount, in which every figure is summed) is amount × rate, rounded once to the cent.
 * In the books' own currency, or with no currency, the amount and rate are dropped and the price
 * stays as typed.
 */
export function purchaseCost(input: {
  price: string;
  purchaseCurrency?: string | null;
  purchaseAmount?: string | null;
  purchaseRate?: string | null;
}): {
  price: string;
  purchaseCurrency: string | null;
  purchaseAmount: string | null;
  purchaseRate: string | null;
} {
  if (!input.purchaseCurrency) {
    return { price: input.price, purchaseCurrency: null, purchaseAmount: null, purchaseRate: null };
  }
  const issues = purchaseCurrencyIssues(input);
  if (issues.length > 0)
    throw badRequest(
      issues[0].message,
      issues.map(({ path, message }) => ({ path: path[0], message })),
    );
  const amount = input.purchaseAmount as string;
  const rate = input.purchaseRate as string;
  const price = convertMoney(amount, rate);
  if (toCents(price) > MAX_MONEY_CENTS) {
    throw badRequest(CONVERTED_TOO_HIGH, [{ path: "purchaseAmount", message: CONVERTED_TOO_HIGH }]);
  }
  return { price, purchaseCurrency: input.purchaseCurrency, purchaseAmount: amount, purchaseRate: rate };
}

const CONVERTED_TOO_HIGH = "O valor convertido é demasiado alto";

/** GET /api/inventory/last-rate: the rate of the user's latest item bought in that currency */
export async function lastRate(db: Conn, userId: number, currency: string): Promise<LastRate> {
  const row = await inventoryItemsRepository.lastRate(db, userId, currency);
  return {
    currency,
    rate: row?.rate ?? null,
    on: row ? (row.purchaseDate ?? row.createdAt).toISOString().slice(0, 10) : null,
  };
}
const NOT_ONE_ITEM =
  "Um perfil não é um artigo: use «Comprei» num monitor de produto ou num resultado de pesquisa";
const PICK_A_MATCH = "Numa pesquisa, use «Comprei» no resultado que comprou";
const MATCH_GONE = "Este resultado já não está entre os últimos da pesquisa";

/**
 * GET /api/inventory/draft: "Comprei" on a product monitor's card (or on one of a search's latest
 * matches) opens the new-item dialog with what the monitor knows: the name, the price when in the
 * currency the user keeps the books in (no rate is guessed; a match's total with fees when the
 * answer gives it, since that is what the buyer pays), the one size it watches or has in stock,
 * the store and the page.
 */
export async function itemDraft(
  db: Conn,
  userId: number,
  query: DraftQuery,
  catalogue: Pick<PlatformCatalogue, "storeName" | "watchesProfile">,
): Promise<ItemDraft> {
  const { product, match } = await draftSource(db, userId, query, catalogue);
  const { currency } = await getUserSettings(db, userId);
  const common = { purchaseLocation: catalogue.storeName(product), sourceProductId: product.id };
  if (match) {
    return {
      ...common,
      name: match.title,
      ...(await draftCost(
        db,
        userId,
        currency,
        match.totalPrice ?? match.price,
        match.currency ?? product.currency,
      )),
      size: match.size ?? null,
      notes: match.url,
    };
  }
  return {
    ...common,
    name: product.name,
    ...(await draftCost(db, userId, currency, product.price, product.currency)),
    size: onlyOne(parseJsonList(product.variants)) ?? onlyOne(parseJsonList(product.availableSizes)),
    notes: product.url,
  };
}

/**
 * The draft's cost from the monitor's price: as the price in the books' currency; in another
 * purchase currency as the amount paid in it, with the user's last rate for it (never a rate from
 * elsewhere) and the price it makes; in a currency items cannot be bought in, nothing.
 */
async function draftCost(
  db: Conn,
  userId: number,
  booksCurrency: string,
  price: string | null | undefined,
  priceCurrency: string,
): Promise<
  Pick<ItemDraft, "price" | "purchaseCurrency" | "purchaseAmount" | "purchaseRate" | "purchaseRateOn">
> {
  const code = priceCurrency.trim().toUpperCase();
  if (!price) return { price: null };
  if (code === booksCurrency) return { price };
  if (!(PURCHASE_CURRENCIES as readonly string[]).includes(code)) return { price: null };
  const amount = parseMoney(price);
  if (amount === null || amount.startsWith("-")) return { price: null };
  const last = await lastRate(db, userId, code);
  const converted = last.rate ? convertMoney(amount, last.rate) : null;
  return {
    price: converted && toCents(converted) <= MAX_MONEY_CENTS ? converted : null,
    purchaseCurrency: code,
    purchaseAmount: amount,
    purchaseRate: last.rate,
    purchaseRateOn: last.on,
  };
}

type DraftQuery = { product: number; match?: string };

/** the monitor a draft is filled from, and the search's match when it is one; refused in words */
async function draftSource(
  db: Conn,
  userId: number,
  { product: productId, match }: DraftQuery,
  catalogue: Pick<PlatformCatalogue, "watchesProfile">,
) {
  const product = await productsRepository.findOwn(db, userId, productId);
  if (!product) throw notFound("Produto não encontrado");
  // Vinted's platform watches members' wardrobes, and its searches are monitors of type "search"
  if (product.monitorType !== "search") {
    if (catalogue.watchesProfile(product.platform)) throw badRequest(NOT_ONE_ITEM);
    return { product, match: null };
  }
  if (!match) throw badRequest(PICK_A_MATCH);
  const item = (product.latestMatches ?? []).find((m) => m.id === match);
  if (!item) throw notFound(MATCH_GONE);
  return { product, match: item };
}

/**
 * GET /api/inventory/draft/photo: the monitor's picture (the match's, for a search) as the new
 * item's photo, fetched by the engine's guarded client (`fetchImage`) and written again as a
 * photo the dialog sends back like one the user chose; null when there is none or it cannot be
 * had (no answer in time, too big, not an image): the dialog goes on without a photo
 */
export async function itemDraftPhoto(
  db: Conn,
  userId: number,
  query: DraftQuery,
  catalogue: Pick<PlatformCatalogue, "watchesProfile">,
  fetchImage: (url: string) => Promise<Buffer | null>,
): Promise<DraftPhoto> {
  const { product, match } = await draftSource(db, userId, query, catalogue);
  const url = match ? match.imageUrl : product.imageUrl;
  if (!url) return { image: null };
  const bytes = await fetchImage(url);
  return { image: bytes ? await photoDataUrlOf(bytes) : null };
}

const onlyOne = (list: string[]) => (list.length === 1 ? list[0] : null);

const photoSize = (photo: { full: Buffer; thumbnail: Buffer }) => photo.full.length + photo.thumbnail.length;

/**
 * PATCH /api/inventory/{id}: the fields sent change; a new cost or number of units recomputes the
 * sale's profit (a sold item's quantity is the units its sale sold)
 */
export async function updateItem(db: Db, userId: number, itemId: number, input: UpdateInventoryItem) {
  const { image, ...fields } = input;
  const photo = typeof image === "string" ? await decodePhoto(image) : image;
  await db.transaction(async (tx) => {
    const item = await lockOwnItem(tx, userId, itemId);
    if (photo) await assertRoomForPhoto(tx, userId, item.id, photoSize(photo));
    // the euro cost follows the currency's amount and rate whenever the item has a purchase currency
    const currencyFields = ["purchaseCurrency", "purchaseAmount", "purchaseRate", "price"] as const;
    const cost = currencyFields.some((k) => fields[k] !== undefined)
      ? purchaseCost({
          price: fields.price ?? item.price,
          purchaseCurrency:
            fields.purchaseCurrency === undefined ? item.purchaseCurrency : fields.purchaseCurrency,
          purchaseAmount: fields.purchaseAmount === undefined ? item.purchaseAmount : fields.purchaseAmount,
          purchaseRate: fields.purchaseRate === undefined ? item.purchaseRate : fields.purchaseRate,
        })
      : {};
    const updated = await inventoryItemsRepository.update(tx, item.id, {
      ...fields,
      ...cost,
      updatedAt: new Date(),
    });
    if (photo !== undefined) await storePhoto(tx, item.id, photo);
    if (updated.price !== item.price || fields.shippingPrice !== undefined || fields.quantity !== undefined) {
      const sale = await salesRepository.findByItem(tx, item.id);
      if (sale) {
        await salesRepository.update(tx, sale.id, {
          profit: computeProfit(
            sale.salePrice,
            updated.price,
            updated.shippingPrice,
            sale.fees,
            updated.quantity,
          ),
        });
      }
    }
  });
}

/**
 * PUT /api/inventory/{id}: to sold records the sale ("transferred to sales"); out of sold removes
 * the sale; anything else only changes the status.
 */
export async function changeItemStatus(
  db: Db,
  userId: number,
  itemId: number,
  change: UpdateInventoryStatus,
): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await lockOwnItem(tx, userId, itemId);
    if (change.status === "sold") {
      if (item.status === "sold") {
        if (change.salePrice !== null) throw conflict(ALREADY_SOLD);
        return;
      }
      await recordSale(tx, item, requireSalePrice(change));
      return;
    }
    if (item.status === "sold") await salesRepository.deleteByItem(tx, item.id);
    await inventoryItemsRepository.update(tx, item.id, { status: change.status, updatedAt: new Date() });
  });
}

export async function listItems(
  db: Conn,
  userId: number,
  itemId?: number,
  window: DayWindow | null = null,
): Promise<InventoryItem[]> {
  const rows = await inventoryItemsRepository.listWithSaleAndPhoto(db, userId, itemId, window);
  return rows.map(({ item, sale, photoAt }) => ({
    id: item.id,
    name: item.name,
    ...photoUrls(item.id, photoAt),
    size: item.size,
    sku: item.sku,
    price: item.price,
    shippingPrice: item.shippingPrice,
    quantity: item.quantity,
    ...(item.purchaseCurrency && item.purchaseAmount && item.purchaseRate
      ? {
          purchaseCurrency: item.purchaseCurrency,
          purchaseAmount: item.purchaseAmount,
          purchaseRate: item.purchaseRate,
        }
      : {}),
    purchaseLocation: item.purchaseLocation,
    purchaseDate: item.purchaseDate?.toISOString() ?? null,
    status: item.status,
    tags: item.tags,
    notes: item.notes,
    sourceProductId: item.sourceProductId,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
    sale: sale
      ? {
          id: sale.id,
          salePrice: sale.salePrice,
          fees: sale.fees,
          profit: sale.profit,
          saleDate: sale.saleDate.toISOString(),
          buyer: sale.buyer,
          platform: sale.platform,
          ...(sale.currency === "EUR" ? {} : { currency: sale.currency }),
        }
      : null,
  }));
}
