/** where resellers sell; the sale dialogs offer these, and "Outra" leaves a free name */
export const SALE_PLATFORMS = [
  "Vinted",
  "OLX",
  "Wallapop",
  "eBay",
  "StockX",
  "Depop",
  "Facebook Marketplace",
  "Loja física",
  "Outra",
] as const;

/** a known platform written in any case or spacing ("vinted ", "EBAY") takes its one spelling,
 * so the charts do not split one platform in two; other names are kept as typed */
export type SalePlatform = (typeof SALE_PLATFORMS)[number];

export function canonicalPlatform(name: string): string {
  const key = name.trim().toLowerCase();
  return SALE_PLATFORMS.find((p) => p.toLowerCase() === key) ?? name.trim();
}
