import type { InventoryItem } from "@common/schemas/inventory";
import { addMoney, multiplyMoney } from "@common/money";
import { ArrowRightLeft, ImageOff, Pencil, ShoppingCart, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useIsMobile } from "@/hooks/use-is-mobile";
import { useFormat } from "@/lib/user-settings";
import { cn } from "@/lib/utils";
import { statusBadgeVariant, statusLabel } from "../lib/inventory-view";

interface ItemCardProps {
  item: InventoryItem;
  layout: "grid" | "list";
  onSell: () => void;
  onChangeStatus: () => void;
  onEdit: () => void;
  onDelete: () => void;
  isDeleting: boolean;
}

function Detail({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div className="flex min-w-0 justify-between gap-2">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="truncate text-right font-medium">{value}</dd>
    </div>
  );
}

export function ItemCard(props: ItemCardProps) {
  const mobile = useIsMobile();
  return mobile ? <CompactItemCard {...props} /> : <FullItemCard {...props} />;
}

/** what the item's units cost: (price + shipping) × units */
const itemCost = (item: InventoryItem) =>
  multiplyMoney(addMoney(item.price, item.shippingPrice), item.quantity);

/** phones: one short row per item (photo, name, cost, date, profit) so several fit on a screen */
function CompactItemCard({ item, onSell, onChangeStatus, onEdit, onDelete, isDeleting }: ItemCardProps) {
  const f = useFormat();
  const { t } = useTranslation("inventory");
  const cost = itemCost(item);
  return (
    <Card data-testid="inventory-item" className="min-w-0 gap-2 p-3" aria-label={item.name}>
      <div className="flex min-w-0 items-start gap-3">
        {item.thumbnail && (
          <img
            src={item.thumbnail}
            alt={item.name}
            className="size-14 shrink-0 rounded-md bg-muted object-cover"
          />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <h3 className="truncate text-sm font-semibold" title={item.name}>
              {item.name}
            </h3>
            <Badge variant={statusBadgeVariant(item.status)} className="shrink-0">
              {statusLabel(item.status)}
            </Badge>
          </div>
          <p className="truncate text-xs text-muted-foreground">
            {[
              item.quantity > 1 && t("card.units", { count: item.quantity }),
              item.sku && t("card.sku", { sku: item.sku }),
              item.size && t("card.sizeShort", { size: item.size }),
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
          <p className="flex flex-wrap gap-x-3 text-xs tabular-nums">
            <span>
              <span className="text-muted-foreground">{t("card.cost")} </span>
              <span className="font-medium">{f.money(cost)}</span>
            </span>
            <span className="text-muted-foreground">
              {item.purchaseDate ? f.dateOnly(item.purchaseDate) : f.date(item.createdAt)}
            </span>
            {item.sale && (
              <span>
                <span className="text-muted-foreground">{t("card.profit")} </span>
                <span
                  className={cn(
                    "font-semibold",
                    item.sale.profit.startsWith("-") ? "text-destructive" : "text-success",
                  )}
                >
                  {f.price(item.sale.profit, item.sale.currency ?? "EUR")}
                </span>
              </span>
            )}
          </p>
        </div>
      </div>
      <div className="flex items-center gap-1">
        {item.status === "in_stock" && (
          <Button size="sm" variant="success" className="h-8" onClick={onSell}>
            <ShoppingCart />
            {t("card.sell")}
          </Button>
        )}
        <Button
          size="icon-sm"
          variant="outline"
          onClick={onEdit}
          aria-label={t("card.editItem", { name: item.name })}
        >
          <Pencil />
        </Button>
        <Button size="icon-sm" variant="outline" onClick={onChangeStatus} aria-label={t("card.status")}>
          <ArrowRightLeft />
        </Button>
        <Button
          size="icon-sm"
          variant="ghost"
          className="ml-auto text-destructive hover:bg-destructive/10 hover:text-destructive"
          aria-label={t("card.removeItem", { name: item.name })}
          disabled={isDeleting}
          onClick={onDelete}
        >
          <Trash2 />
        </Button>
      </div>
    </Card>
  );
}

function FullItemCard({ item, layout, onSell, onChangeStatus, onEdit, onDelete, isDeleting }: ItemCardProps) {
  const f = useFormat();
  const { t } = useTranslation(["inventory", "common"]);
  const isList = layout === "list";
  const cost = itemCost(item);
  return (
    <Card
      data-testid="inventory-item"
      className={cn("min-w-0 gap-0 overflow-hidden py-0", isList && "flex-row")}
      aria-label={item.name}
    >
      <div
        className={cn(
          "relative shrink-0 bg-muted",
          isList ? "min-h-24 w-24 sm:w-32" : "aspect-[16/10] w-full",
        )}
      >
        {item.thumbnail ? (
          <img src={item.thumbnail} alt={item.name} className="absolute inset-0 size-full object-cover" />
        ) : (
          <div className="absolute inset-0 flex items-center justify-center text-muted-foreground">
            <ImageOff className="size-8" aria-label={t("card.noPhoto")} />
          </div>
        )}
        {!isList && (
          <Badge
            variant={statusBadgeVariant(item.status)}
            className="absolute top-2 right-2 bg-card/95 shadow-sm dark:bg-card/95"
          >
            {statusLabel(item.status)}
          </Badge>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="truncate font-semibold" title={item.name}>
              {item.name}
            </h3>
            {item.sku && (
              <p className="truncate text-xs text-muted-foreground">{t("card.sku", { sku: item.sku })}</p>
            )}
          </div>
          {isList && <Badge variant={statusBadgeVariant(item.status)}>{statusLabel(item.status)}</Badge>}
        </div>
        <dl className={cn("grid gap-1 text-sm", isList && "sm:grid-cols-2 sm:gap-x-6")}>
          {item.quantity > 1 && (
            <Detail label={t("card.quantity")} value={t("card.units", { count: item.quantity })} />
          )}
          <Detail label={t("card.price")} value={f.money(item.price)} />
          {item.shippingPrice !== "0.00" && (
            <Detail label={t("card.shipping")} value={f.money(item.shippingPrice)} />
          )}
          {(item.shippingPrice !== "0.00" || item.quantity > 1) && (
            <Detail label={t("card.totalCost")} value={f.money(cost)} />
          )}
          <Detail label={t("card.size")} value={item.size} />
          <Detail label={t("card.boughtAt")} value={item.purchaseLocation} />
          {item.purchaseDate && (
            <Detail label={t("card.purchaseDate")} value={f.dateOnly(item.purchaseDate)} />
          )}
          {item.sale && (
            <Detail
              label={t("card.soldFor")}
              value={f.price(item.sale.salePrice, item.sale.currency ?? "EUR")}
            />
          )}
          {item.sale && (
            <div className="flex justify-between gap-2">
              <dt className="text-muted-foreground">{t("card.profit")}</dt>
              <dd
                className={cn(
                  "font-semibold",
                  item.sale.profit.startsWith("-") ? "text-destructive" : "text-success",
                )}
              >
                {f.price(item.sale.profit, item.sale.currency ?? "EUR")}
              </dd>
            </div>
          )}
          <Detail label={t("card.added")} value={f.date(item.createdAt)} />
        </dl>
        {item.notes && <p className="line-clamp-2 text-sm text-muted-foreground italic">{item.notes}</p>}
        <div className="mt-auto flex flex-wrap gap-2">
          {item.status === "in_stock" && (
            <Button size="sm" variant="success" onClick={onSell}>
              <ShoppingCart />
              {t("card.sell")}
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            onClick={onEdit}
            aria-label={t("card.editItem", { name: item.name })}
          >
            <Pencil />
            {t("common:actions.edit")}
          </Button>
          <Button size="sm" variant="outline" onClick={onChangeStatus}>
            <ArrowRightLeft />
            {t("card.status")}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="ml-auto text-destructive hover:bg-destructive/10 hover:text-destructive"
            aria-label={t("card.removeItem", { name: item.name })}
            disabled={isDeleting}
            onClick={onDelete}
          >
            <Trash2 />
          </Button>
        </div>
      </div>
    </Card>
  );
}
