import type { ProductDto } from "@common/schemas/products";
import { useTranslation } from "react-i18next";
import { formatInterval } from "@/lib/format";
import { usePlatforms } from "@/lib/platforms";

/**
 * When its site's request budget stretches the monitor's interval, the interval it really gets
 * ("verificado a cada ~12 s: limite do site Zara"), on the card, the list's row and the edit form.
 * It wraps: a card's value column truncates, and this line must be read whole.
 */
export function StretchedInterval({ product }: { product: ProductDto }) {
  const { t } = useTranslation("monitor");
  const platforms = usePlatforms();
  if (!product.effectiveInterval) return null;
  return (
    <span
      className="block text-xs whitespace-normal text-amber-700 dark:text-amber-400"
      data-testid="stretched-interval"
    >
      {t("card.stretchedInterval", {
        value: formatInterval(product.effectiveInterval),
        site: platforms.label(product.platform),
      })}
    </span>
  );
}
