import type { ProductDto } from "@common/schemas/products";
import { ShoppingBag } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { formatLastCheck } from "@/lib/format";
import { useFormat } from "@/lib/user-settings";
import { boughtPath } from "../lib/product-display";

/**
 * a search monitor's newest matches on its card: thumbnail, price and when it appeared, and in the
 * picture's corner "Comprei", which opens the new item filled from that match
 */
export function SearchMatches({ product, max }: { product: ProductDto; max: number }) {
  const { t } = useTranslation("monitor");
  const f = useFormat();
  const matches = product.latestMatches.slice(0, max);
  if (matches.length === 0) {
    return <p className="text-xs text-muted-foreground">{t("card.noMatches")}</p>;
  }
  return (
    <div className="space-y-1" data-testid="search-matches">
      <p className="text-xs text-muted-foreground">{t("card.matches")}</p>
      <ul className="grid grid-cols-3 gap-1.5">
        {matches.map((item) => (
          <li key={item.id} className="relative min-w-0">
            <Link
              href={boughtPath(product, item.id)}
              aria-label={t("card.boughtMatch", { title: item.title })}
              title={t("card.boughtMatch", { title: item.title })}
              className="absolute top-1.5 right-1.5 z-10 grid size-7 place-items-center rounded-md border bg-background/90 text-foreground shadow-xs hover:bg-accent"
            >
              <ShoppingBag className="size-3.5" />
            </Link>
            <a
              href={item.url}
              target="_blank"
              rel="noreferrer"
              className="block rounded border bg-muted/40 p-1 hover:bg-muted"
              title={item.title}
            >
              {item.imageUrl ? (
                <img
                  src={item.imageUrl}
                  alt={item.title}
                  loading="lazy"
                  className="aspect-square w-full rounded object-cover"
                />
              ) : (
                <div className="aspect-square w-full rounded bg-muted" aria-hidden />
              )}
              <span className="mt-0.5 block truncate text-xs font-medium tabular-nums">
                {item.price ? f.price(item.price, item.currency ?? "EUR") : "—"}
              </span>
              {item.publishedAt && (
                <span className="block truncate text-[11px] text-muted-foreground">
                  {formatLastCheck(item.publishedAt, f)}
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
