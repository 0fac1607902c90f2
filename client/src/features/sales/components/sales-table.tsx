import type { Sale } from "@common/schemas/sales";
import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useFormat } from "@/lib/user-settings";
import { DeleteSaleButton } from "./delete-sale-button";
import { EditSaleButton } from "./edit-sale-button";
import { ProfitText } from "./profit-text";
import { SaleDaysInStock, SaleReturn } from "./sale-figures";

export function SalesTable({ sales }: { sales: Sale[] }) {
  const f = useFormat();
  const { t } = useTranslation("sales");
  return (
    <Card className="gap-0 overflow-hidden py-0">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t("table.item")}</TableHead>
            <TableHead>{t("table.buyer")}</TableHead>
            <TableHead>{t("table.platform")}</TableHead>
            <TableHead className="text-right">{t("table.salePrice")}</TableHead>
            <TableHead className="text-right">{t("table.fees")}</TableHead>
            <TableHead className="text-right">{t("table.profit")}</TableHead>
            <TableHead>{t("table.date")}</TableHead>
            <TableHead className="w-20">
              <span className="sr-only">{t("table.actions")}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {sales.map((sale) => (
            <TableRow key={sale.id} data-testid="sale-row">
              <TableCell className="max-w-56">
                <p className="truncate font-medium">{sale.item?.name ?? t("removedItem")}</p>
                {(sale.item?.sku || sale.quantity > 1) && (
                  <p className="truncate text-xs text-muted-foreground">
                    {[
                      sale.quantity > 1 && t("units", { count: sale.quantity }),
                      sale.item?.sku && t("table.sku", { sku: sale.item.sku }),
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                )}
              </TableCell>
              <TableCell className="max-w-40 truncate">{sale.buyer || "—"}</TableCell>
              <TableCell className="max-w-40 truncate">{sale.platform || "—"}</TableCell>
              <TableCell className="text-right tabular-nums">
                {f.price(sale.salePrice, sale.currency)}
              </TableCell>
              <TableCell className="text-right tabular-nums text-muted-foreground">
                {f.price(sale.fees, sale.currency)}
              </TableCell>
              <TableCell className="text-right">
                <ProfitText value={sale.profit} currency={sale.currency} />
                <SaleReturn sale={sale} />
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">
                <p>{f.saleDate(sale.saleDate)}</p>
                <SaleDaysInStock sale={sale} />
              </TableCell>
              <TableCell>
                <div className="flex shrink-0">
                  <EditSaleButton sale={sale} />
                  <DeleteSaleButton sale={sale} />
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
