import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

/**
 * "1 venda noutra moeda não está nos totais": the sales a screen's totals left out because they
 * were recorded in another currency (nothing is converted); nothing when there are none
 */
export function OtherCurrencyNote({ count, className }: { count: number; className?: string }) {
  const { t } = useTranslation("sales");
  if (count <= 0) return null;
  return (
    <p className={cn("text-sm text-muted-foreground", className)}>{t("summary.otherCurrency", { count })}</p>
  );
}
