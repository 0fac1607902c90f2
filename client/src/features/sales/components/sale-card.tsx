import type { Sale } from "@common/schemas/sales";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { useFormat } from "@/lib/user-settings";
import { DeleteSaleButton } from "./delete-sale-button";
import { EditSaleButton } from "./edit-sale-button";
import { ProfitText } from "./profit-text";
import { SaleDaysInStock, SaleReturn } from "./sale-figures";

export function SaleCard({ sale }: { sale: Sale }) {
  const f = useFormat();
  const { t } = useTranslation("sales");
  return (
    <Card data-testid="sale-card" className="min-w-0 gap-3 p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-semibold">{sale.item?.name ?? t("removedItem")}</p>
          <p className="text-xs text-muted-foreground tabular-nums">
            {f.saleDate(sale.saleDate)}
            {sale.quantity > 1 && ` · ${t("units", { count: sale.quantity })}`}
          </p>
        </div>
        <div className="flex shrink-0">
          <EditSaleButton sale={sale} />
          <DeleteSaleButton sale={sale} />
        </div>
      </div>
      <div className="flex flex-wrap gap-2 text-xs">
        {sale.platform && <Badge variant="info">{sale.platform}</Badge>}
        {sale.buyer && <Badge variant="secondary">{sale.buyer}</Badge>}
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">{t("card.sale")}</dt>
          <dd className="font-medium tabular-nums">{f.price(sale.salePrice, sale.currency)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t("card.fees")}</dt>
          <dd className="tabular-nums">{f.price(sale.fees, sale.currency)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t("card.profit")}</dt>
          <dd>
            <ProfitText value={sale.profit} currency={sale.currency} />
            <SaleReturn sale={sale} />
          </dd>
        </div>
      </dl>
      <SaleDaysInStock sale={sale} />
    </Card>
  );
}
