import type { ProductDto } from "@common/schemas/products";
import { Pause, Pencil, Play } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import type { Formatter } from "@common/format";
import { formatClockOrDate, formatInterval, formatLastCheck } from "@/lib/format";
import { i18n } from "@/lib/i18n";
import { useFormat } from "@/lib/user-settings";
import { cn } from "@/lib/utils";
import { checkMoments, hasCheckFailure, isSoldOut } from "../lib/product-display";
import { StretchedInterval } from "./interval-text";
import { PriceTrend } from "./price-history";
import { CheckFailure, StatusChips } from "./product-badges";
import { CardIconActions, type ProductActions, SizeChips } from "./product-card";
import { CardPicture } from "./product-image";

/** a phone card shows fewer chips: two short rows */
const MOBILE_CHIPS = 8;

function lastCheckText(lastCheck: string | null, f: Formatter): string {
  if (!lastCheck) return i18n.t("monitor:card.neverChecked");
  const when = formatLastCheck(lastCheck, f);
  return /^\d{2}:\d{2}$/.test(when)
    ? i18n.t("monitor:card.checkedAt", { when })
    : i18n.t("monitor:card.checkedRelative", { when });
}

export function ProductCardMobile({
  product,
  onToggle,
  onEdit,
  onDelete,
  onTest,
  onShowCheck,
}: { product: ProductDto } & ProductActions) {
  const f = useFormat();
  const { t } = useTranslation(["monitor", "common"]);
  return (
    <article
      data-testid="product-card"
      aria-label={product.name}
      data-sold-out={isSoldOut(product) || undefined}
      className={cn("space-y-3 rounded-xl border bg-card p-3 shadow-xs", isSoldOut(product) && "bg-muted/60")}
    >
      <div className="flex gap-3">
        {/* sold out: the picture fades to grey, the texts and buttons keep their contrast */}
        <CardPicture
          src={product.imageUrl}
          alt={product.name}
          soldOut={isSoldOut(product)}
          className="size-16 shrink-0 rounded-lg"
          iconClassName="size-5"
        />
        <div className="min-w-0 flex-1 space-y-1">
          <h3 className="line-clamp-2 text-sm font-semibold leading-snug">{product.name}</h3>
          <p className="truncate text-xs text-muted-foreground">{product.url}</p>
          <StatusChips product={product} />
        </div>
      </div>
      <CheckFailure product={product} onShowDetail={onShowCheck} />
      <PriceTrend product={product} />
      <SizeChips product={product} max={MOBILE_CHIPS} />
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span>
          {t("card.intervalValue", { value: formatInterval(product.checkInterval) })}
          <StretchedInterval product={product} />
        </span>
        {product.lastRestockAt && (
          <span>{t("card.lastRestockValue", { when: formatClockOrDate(product.lastRestockAt, f) })}</span>
        )}
        {hasCheckFailure(product) ? (
          checkMoments(product, f).map(({ label, when }) => <span key={label}>{`${label} ${when}`}</span>)
        ) : (
          <span>{lastCheckText(product.lastCheck, f)}</span>
        )}
      </div>
      <div className="flex gap-2">
        <Button
          variant={product.isActive ? "secondary" : "success"}
          size="sm"
          className="flex-1"
          onClick={() => onToggle(product)}
        >
          {product.isActive ? <Pause /> : <Play />}
          {product.isActive ? t("card.pause") : t("card.start")}
        </Button>
        <Button variant="outline" size="sm" onClick={() => onEdit(product)}>
          <Pencil />
          {t("common:actions.edit")}
        </Button>
        <CardIconActions product={product} onTest={onTest} onDelete={onDelete} />
      </div>
    </article>
  );
}
