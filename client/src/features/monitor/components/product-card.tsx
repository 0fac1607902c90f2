import type { ReactNode } from "react";
import type { ProductDto } from "@common/schemas/products";
import { Activity, ExternalLink, Pause, Pencil, Play, ShoppingBag, Store, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatClockOrDate, formatInterval } from "@/lib/format";
import { usePlatforms } from "@/lib/platforms";
import { StretchedInterval } from "./interval-text";
import { useFormat } from "@/lib/user-settings";
import { cn } from "@/lib/utils";
import { boughtPath, checkMoments, isSoldOut, productSizes } from "../lib/product-display";
import { PriceTrend } from "./price-history";
import { SearchMatches } from "./search-matches";
import { CheckFailure, PlatformBadge, StatusBadge } from "./product-badges";
import { CardPicture } from "./product-image";

export interface ProductActions {
  onToggle: (product: ProductDto) => void;
  onEdit: (product: ProductDto) => void;
  onDelete: (product: ProductDto) => void;
  /** "Testar agora": one check at once, showing what it read */
  onTest: (product: ProductDto) => void;
  /** what the last check read (the failure box opens it) */
  onShowCheck: (product: ProductDto) => void;
}

/** a wardrobe can list a hundred items: the card shows the first ones and how many more */
const MAX_CHIPS = 12;

/** two Vinted items may share a title: each repeat gets its own key */
function keyed(list: string[]): { key: string; value: string }[] {
  const seen = new Map<string, number>();
  return list.map((value) => {
    const n = (seen.get(value) ?? 0) + 1;
    seen.set(value, n);
    return { key: `${value}#${n}`, value };
  });
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 text-sm">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 truncate text-right font-medium tabular-nums">{children}</dd>
    </div>
  );
}

/** the sizes (or a wardrobe's items) as chips, the first `max` and how many more */
export function SizeChips({ product, max = MAX_CHIPS }: { product: ProductDto; max?: number }) {
  const { t } = useTranslation("monitor");
  const isProfile = usePlatforms().watchesProfile(product.platform);
  const sizes = productSizes(product);
  if (product.monitorType === "search") return <SearchMatches product={product} max={Math.min(max, 6)} />;
  if (sizes.length === 0) return null;
  return (
    <div className="space-y-1">
      <p className="text-xs text-muted-foreground">{isProfile ? t("card.items") : t("card.sizes")}</p>
      <ul className="flex flex-wrap gap-1">
        {keyed(sizes.slice(0, max)).map(({ key, value: size }) => (
          <li
            key={key}
            className="max-w-full truncate rounded border bg-muted/50 px-1.5 py-0.5 text-xs"
            title={size}
          >
            {size}
          </li>
        ))}
        {sizes.length > max && (
          <li className="px-1 py-0.5 text-xs text-muted-foreground">+{sizes.length - max}</li>
        )}
      </ul>
    </div>
  );
}

export function ToggleButton({
  product,
  onToggle,
  className,
}: {
  product: ProductDto;
  onToggle: (product: ProductDto) => void;
  className?: string;
}) {
  const { t } = useTranslation("monitor");
  return (
    <Button
      size="icon-sm"
      variant="secondary"
      className={className}
      aria-label={product.isActive ? t("card.pauseMonitoring") : t("card.startMonitoring")}
      onClick={() => onToggle(product)}
    >
      {product.isActive ? <Pause /> : <Play />}
    </Button>
  );
}

/** a monitor of one product (not a search, not a member's wardrobe) can become an inventory item */
export function useCanBeBought() {
  const platforms = usePlatforms();
  return (product: ProductDto) =>
    product.monitorType !== "search" && !platforms.watchesProfile(product.platform);
}

/** the card's icon buttons after Edit: bought it, test now, open the URL, remove */
export function CardIconActions({
  product,
  onTest,
  onDelete,
}: { product: ProductDto } & Pick<ProductActions, "onTest" | "onDelete">) {
  const { t } = useTranslation("monitor");
  const canBeBought = useCanBeBought();
  return (
    <>
      {canBeBought(product) && (
        <Button asChild variant="outline" size="icon-sm">
          <Link href={boughtPath(product)} aria-label={t("card.bought")} title={t("card.boughtTitle")}>
            <ShoppingBag />
          </Link>
        </Button>
      )}
      <Button
        variant="outline"
        size="icon-sm"
        aria-label={t("card.testNow")}
        title={t("card.testNow")}
        onClick={() => onTest(product)}
      >
        <Activity />
      </Button>
      <Button asChild variant="outline" size="icon-sm">
        <a href={product.url} target="_blank" rel="noreferrer noopener" aria-label={t("card.openUrl")}>
          <ExternalLink />
        </a>
      </Button>
      <Button
        variant="outline"
        size="icon-sm"
        className="text-destructive hover:text-destructive"
        aria-label={t("card.remove")}
        onClick={() => onDelete(product)}
      >
        <Trash2 />
      </Button>
    </>
  );
}

export function ProductCard({
  product,
  onToggle,
  onEdit,
  onDelete,
  onTest,
  onShowCheck,
}: { product: ProductDto } & ProductActions) {
  const platforms = usePlatforms();
  // a member's profile has no price nor restock of its own
  const isProfile = platforms.watchesProfile(product.platform);
  const f = useFormat();
  const { t } = useTranslation(["monitor", "common"]);
  const soldOut = isSoldOut(product);
  const paused = !product.isActive && (
    <span className="rounded bg-black/65 px-2 py-0.5 text-xs font-medium text-white">{t("card.paused")}</span>
  );
  return (
    <Card
      data-testid="product-card"
      data-sold-out={soldOut || undefined}
      aria-label={product.name}
      // sold out: the whole card sits back on a muted ground
      className={cn("gap-0 overflow-hidden py-0", soldOut && "bg-muted/60")}
    >
      <div className="relative">
        {/* sold out: the picture fades to grey, the texts and buttons keep their contrast */}
        <CardPicture
          src={product.imageUrl}
          alt={product.name}
          soldOut={soldOut}
          className="aspect-[4/3] w-full"
          iconClassName="size-9"
        />
        <ToggleButton product={product} onToggle={onToggle} className="absolute top-2 left-2 shadow-md" />
        <div className="absolute top-2 right-2 flex max-w-[75%] flex-col items-end gap-1 [&>*]:bg-card/95 [&>*]:shadow-sm">
          <StatusBadge product={product} className="max-w-full whitespace-normal text-right" />
          <PlatformBadge product={product} />
        </div>
        {paused && <div className="absolute bottom-2 left-2">{paused}</div>}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="line-clamp-2 font-semibold leading-snug">{product.name}</h3>
          <Button asChild variant="ghost" size="icon-sm" className="-mt-1 -mr-2">
            <a
              href={platforms.pageUrl(product)}
              target="_blank"
              rel="noreferrer noopener"
              aria-label={t("card.openInStore", { platform: platforms.label(product.platform) })}
            >
              <Store />
            </a>
          </Button>
        </div>
        <CheckFailure product={product} onShowDetail={onShowCheck} />
        <dl className="space-y-1.5">
          {!isProfile && (
            <Detail label={t("card.price")}>
              {product.price ? f.price(product.price, product.currency) : "—"}
            </Detail>
          )}
          <Detail label={t("card.id")}>{product.productId}</Detail>
          <Detail label={t("card.interval")}>
            {formatInterval(product.checkInterval)}
            <StretchedInterval product={product} />
          </Detail>
          {checkMoments(product, f).map(({ label, when }) => (
            <Detail key={label} label={label}>
              {when}
            </Detail>
          ))}
          {!isProfile && (
            <Detail label={t("card.lastRestock")}>{formatClockOrDate(product.lastRestockAt, f)}</Detail>
          )}
        </dl>
        {!isProfile && <PriceTrend product={product} />}
        <SizeChips product={product} />
        <div className="mt-auto flex items-center gap-2 pt-1">
          <Button variant="outline" size="sm" className="flex-1" onClick={() => onEdit(product)}>
            <Pencil />
            {t("common:actions.edit")}
          </Button>
          <CardIconActions product={product} onTest={onTest} onDelete={onDelete} />
        </div>
      </div>
    </Card>
  );
}
