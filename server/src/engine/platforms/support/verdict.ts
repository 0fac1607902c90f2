/**
 * The one rule every adapter's answer passes through before the engine sees it: "esgotado" only on
 * positive evidence. A size or a product is buyable or not when the readings of the answer agree;
 * readings that disagree, or an answer without the reading the verdict rests on, fail the check as
 * "formato inesperado", and the engine keeps the stored status (a failed check never changes it).
 * Prices keep the currency the answer stated; a price whose currency nothing stated is kept as a bare
 * amount (NO_CURRENCY) rather than shown as euros.
 */
import { NO_CURRENCY } from "@common/money.js";
import { unexpected } from "./blocks";
import {
  CheckFailure,
  type CheckResult,
  type ProductResult,
  type ProfileResult,
  type Signals,
  type StockStatus,
} from "../types";

/**
 * An answer that contradicts itself. Still "formato inesperado", but the check stops here: another
 * route (a coarser reading of the same site) must not paper over it.
 */
export class Contradiction extends CheckFailure {
  constructor(message: string) {
    super("unexpected", `Formato inesperado: ${message}`);
  }
}

/**
 * The readings of one thing → buyable (true) or not (false). Throws "formato inesperado" when they
 * disagree or when none is present.
 */
export function agreed(what: string, signals: Signals): boolean {
  const present = Object.entries(signals).filter(([, v]) => v !== undefined);
  if (present.length === 0) throw unexpected(`${what} sem indicação de stock`);
  const yes = present.filter(([, v]) => v === true).map(([k]) => k);
  const no = present.filter(([, v]) => v === false).map(([k]) => k);
  if (yes.length > 0 && no.length > 0) {
    throw new Contradiction(
      `sinais contraditórios em ${what} (${yes.join(", ")}: disponível; ${no.join(", ")}: esgotado)`,
    );
  }
  return yes.length > 0;
}

/** like `agreed`, but undefined (not a failure) when the answer carries none of the readings */
export function agreedIfAny(what: string, signals: Signals): boolean | undefined {
  return Object.values(signals).some((v) => v !== undefined) ? agreed(what, signals) : undefined;
}

const AVAILABLE: ReadonlySet<StockStatus> = new Set(["in_stock", "low_stock"]);

/** "eur" → "EUR"; anything that is not three letters → undefined */
export function isoCurrency(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const code = value.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : undefined;
}

/** the gate: returns the answer the engine may trust, or throws CheckFailure("unexpected") */
export function settleVerdict(result: CheckResult): CheckResult {
  if (result.kind === "search") return result; // each item states its own price; the rules judge it
  return result.kind === "profile" ? settleProfile(result) : settleProduct(result);
}

export function settleProduct(result: ProductResult): ProductResult {
  const { productSignals, ...rest } = result;
  const out: ProductResult = { ...rest };
  const currency = isoCurrency(result.currency);
  if (currency) out.currency = currency;
  else if (out.price !== null) out.currency = NO_CURRENCY;
  else delete out.currency;
  if (result.status === "unknown") return out;

  const sizes = result.allSizes ?? [];
  const bySizes = sizes.length > 0 ? sizes.some((s) => s.available) : undefined;
  const byProduct = agreedIfAny("produto", productSignals ?? {});
  if (bySizes !== undefined && byProduct !== undefined && bySizes !== byProduct) {
    throw new Contradiction(
      byProduct
        ? "o produto diz-se disponível mas nenhum tamanho está disponível"
        : "o produto diz-se esgotado mas há tamanhos disponíveis",
    );
  }
  const evidence = bySizes ?? byProduct;
  if (evidence === undefined) throw unexpected("resposta sem indicação de stock");
  if (evidence !== AVAILABLE.has(result.status)) {
    throw unexpected(`estado ${result.status} sem apoio nos dados lidos`);
  }
  return out;
}

function settleProfile(result: ProfileResult): ProfileResult {
  return {
    ...result,
    items: result.items.map((item) => {
      const currency = isoCurrency(item.currency);
      const { currency: _drop, ...rest } = item;
      if (currency) return { ...rest, currency };
      return item.price === null ? rest : { ...rest, currency: NO_CURRENCY };
    }),
  };
}
