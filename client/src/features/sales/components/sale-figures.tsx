import { daysInStock, saleReturn } from "@common/sale-figures";
import type { Sale } from "@common/schemas/sales";
import { useTranslation } from "react-i18next";
import { useFormat } from "@/lib/user-settings";

/** "ROI 45,0 %": what the sale earned on the item's cost; nothing when the item is gone */
export function SaleReturn({ sale }: { sale: Sale }) {
  const f = useFormat();
  const { t } = useTranslation("sales");
  const roi = saleReturn(sale);
  if (roi === null) return null;
  return (
    <p className="text-xs text-muted-foreground tabular-nums">
      {t("figures.roi", { value: f.percent(roi) })}
    </p>
  );
}

/** "12 dias em stock": from the day the item was bought (or registered) to the sale's day */
export function SaleDaysInStock({ sale }: { sale: Sale }) {
  const f = useFormat();
  const { t } = useTranslation("sales");
  const days = daysInStock(sale, f);
  if (days === null) return null;
  return <p className="text-xs text-muted-foreground">{t("figures.days", { count: days })}</p>;
}
