import { addMoney } from "@common/money";
import type { InventoryItem } from "@common/schemas/inventory";
import { ArrowRightLeft, Pencil, ShoppingCart, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useFormat } from "@/lib/user-settings";
import { daysInStockOf, statusBadgeVariant, statusLabel } from "../lib/inventory-view";

interface InventoryTableProps {
  items: InventoryItem[];
  onSell: (item: InventoryItem) => void;
  onChangeStatus: (item: InventoryItem) => void;
  onEdit: (item: InventoryItem) => void;
  onDelete: (item: InventoryItem) => void;
  deletingId: number | null;
}

/**
 * The dense view (wide screens): one row per item, its figures in columns, so a reseller with
 * hundreds of items reads them as a spreadsheet, in the order chosen above
 */
export function InventoryTable(props: InventoryTableProps) {
  const f = useFormat();
  const { t } = useTranslation(["inventory", "common"]);
  const now = new Date();
  return (
    <Card className="gap-0 overflow-hidden py-0">
      <Table className="text-sm">
        <TableHeader>
          <TableRow>
            <TableHead>{t("table.item")}</TableHead>
            <TableHead>{t("table.size")}</TableHead>
            <TableHead>{t("table.status")}</TableHead>
            <TableHead className="text-right">{t("table.cost")}</TableHead>
            <TableHead>{t("table.bought")}</TableHead>
            <TableHead className="text-right">{t("table.inStock")}</TableHead>
            <TableHead>{t("table.location")}</TableHead>
            <TableHead className="text-right">{t("table.sale")}</TableHead>
            <TableHead className="w-32">
              <span className="sr-only">{t("table.actions")}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {props.items.map((item) => {
            const days = daysInStockOf(item, now);
            return (
              <TableRow key={item.id} data-testid="inventory-row" className="[&>td]:py-1.5">
                <TableCell className="max-w-64">
                  <div className="flex min-w-0 items-center gap-2">
                    {item.thumbnail ? (
                      <img
                        src={item.thumbnail}
                        alt=""
                        className="size-8 shrink-0 rounded bg-muted object-cover"
                        loading="lazy"
                      />
                    ) : (
                      <span className="size-8 shrink-0 rounded bg-muted" />
                    )}
                    <div className="min-w-0">
                      <p className="truncate font-medium" title={item.name}>
                        {item.name}
                      </p>
                      {item.sku && <p className="truncate text-xs text-muted-foreground">{item.sku}</p>}
                    </div>
                  </div>
                </TableCell>
                <TableCell className="max-w-20 truncate">{item.size || "—"}</TableCell>
                <TableCell>
                  <Badge variant={statusBadgeVariant(item.status)}>{statusLabel(item.status)}</Badge>
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {f.money(addMoney(item.price, item.shippingPrice))}
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">
                  {item.purchaseDate ? f.dateOnly(item.purchaseDate) : f.date(item.createdAt)}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {days === null ? "—" : t("table.days", { count: days })}
                </TableCell>
                <TableCell className="max-w-32 truncate">{item.purchaseLocation || "—"}</TableCell>
                <TableCell className="text-right tabular-nums whitespace-nowrap">
                  {item.sale ? f.price(item.sale.salePrice, item.sale.currency ?? "EUR") : "—"}
                </TableCell>
                <TableCell>
                  <div className="flex justify-end">
                    {item.status === "in_stock" && (
                      <Button
                        size="icon-sm"
                        variant="ghost"
                        aria-label={`${t("card.sell")}: ${item.name}`}
                        title={t("card.sell")}
                        onClick={() => props.onSell(item)}
                      >
                        <ShoppingCart />
                      </Button>
                    )}
                    <Button
                      size="icon-sm"
                      variant="ghost"
                      aria-label={t("card.editItem", { name: item.name })}
                      title={t("common:actions.edit")}
                      onClick={() => props.onEdit(item)}
                    >
                      <Pencil />
                    </Button>
                    <Button
                      size="icon-sm"
                      variant="ghost"
                      aria-label={`${t("card.status")}: ${item.name}`}
                      title={t("card.status")}
                      onClick={() => props.onChangeStatus(item)}
                    >
                      <ArrowRightLeft />
                    </Button>
                    <Button
                      size="icon-sm"
                      variant="ghost"
                      className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                      aria-label={t("card.removeItem", { name: item.name })}
                      disabled={props.deletingId === item.id}
                      onClick={() => props.onDelete(item)}
                    >
                      <Trash2 />
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Card>
  );
}
