import type { ProductDto } from "@common/schemas/products";
import { AlertTriangle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { formatActivityTime } from "@/lib/format";
import { translateMessage } from "@/lib/i18n";
import { useFormat } from "@/lib/user-settings";
import { cn } from "@/lib/utils";
import { usePlatforms } from "@/lib/platforms";
import { badgeLabel, hasCheckFailure, hostPauseText, statusVariant } from "../lib/product-display";

/** while checks fail the badge says the status is the last one known, with a dashed edge */
export function StatusBadge({ product, className }: { product: ProductDto; className?: string }) {
  useTranslation(); // the label follows the language
  const isProfile = usePlatforms().watchesProfile(product.platform);
  const stale = hasCheckFailure(product) && product.lastCheck !== null;
  return (
    <Badge
      variant={statusVariant(product.status)}
      data-testid="status-badge"
      className={cn(stale && "border-dashed border-current/50", className)}
    >
      {badgeLabel(product, isProfile)}
    </Badge>
  );
}

/** the platform's name; for "Outra loja" the store's own site, with the platform's name as its title */
export function PlatformBadge({ product }: { product: Pick<ProductDto, "platform" | "url"> }) {
  const platforms = usePlatforms();
  const name = platforms.storeName(product);
  const label = platforms.label(product.platform);
  return (
    <Badge variant="outline" title={name === label ? undefined : label} className="max-w-full truncate">
      {name}
    </Badge>
  );
}

/**
 * The status and the platform side by side, wrapping on narrow screens, then "Pausado" when the
 * monitor is off (unless the card says it elsewhere): the one chip row of the cards and the list.
 */
export function StatusChips({
  product,
  showPaused = true,
  className,
}: {
  product: ProductDto;
  showPaused?: boolean;
  className?: string;
}) {
  const { t } = useTranslation("monitor");
  return (
    <div className={cn("flex flex-wrap items-center gap-1", className)}>
      <StatusBadge product={product} className="max-w-full whitespace-normal" />
      <PlatformBadge product={product} />
      {showPaused && !product.isActive && (
        <span className="text-xs text-muted-foreground">{t("card.paused")}</span>
      )}
    </div>
  );
}

/** the check is failing; the status shown is the last one known */
export function CheckFailure({
  product,
  onShowDetail,
}: {
  product: ProductDto;
  /** opens what the failing check read */
  onShowDetail?: (product: ProductDto) => void;
}) {
  const f = useFormat();
  const { t } = useTranslation("monitor");
  if (!hasCheckFailure(product)) return null;
  const pause = hostPauseText(product, f);
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 px-2.5 py-2 text-xs"
    >
      <AlertTriangle className="mt-0.5 size-3.5 shrink-0 text-[oklch(0.55_0.14_65)] dark:text-warning" />
      <div className="min-w-0">
        <p className="font-semibold">{t(product.blindSince ? "failure.blindTitle" : "failure.title")}</p>
        {product.blindSince && (
          <p className="break-words font-medium" data-testid="blind-since">
            {t("failure.blindSince", { since: f.dateTime(product.blindSince) })}
          </p>
        )}
        <p className="break-words text-muted-foreground">
          {product.lastError ? translateMessage(product.lastError) : t("failure.unknownReason")}
          {product.failureStreak > 1 && ` · ${t("failure.streak", { n: product.failureStreak })}`}
          {product.lastErrorAt && ` · ${formatActivityTime(product.lastErrorAt, f)}`}
        </p>
        {pause && (
          <p className="break-words font-medium" data-testid="host-pause">
            {pause}
          </p>
        )}
        {onShowDetail && (
          <button
            type="button"
            className="mt-0.5 font-medium text-primary underline underline-offset-2 hover:no-underline dark:text-[oklch(0.84_0.09_274)]"
            onClick={() => onShowDetail(product)}
          >
            {t("failure.showCheck")}
          </button>
        )}
      </div>
    </div>
  );
}
