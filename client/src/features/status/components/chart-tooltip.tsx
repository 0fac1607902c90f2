import { useTranslation } from "react-i18next";
import { useFormat } from "@/lib/user-settings";

interface ChartTooltipProps {
  active?: boolean;
  label?: string | number;
  payload?: readonly { value?: unknown; payload?: { sales?: number; name?: string } }[];
}

/** one tooltip for both charts, in the theme's popover colours */
export function ChartTooltip({ active, label, payload }: ChartTooltipProps) {
  const f = useFormat();
  const { t } = useTranslation("status");
  if (!active || !payload?.length) return null;
  const entry = payload[0];
  const sales = entry.payload?.sales ?? 0;
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="font-medium">{label ?? entry.payload?.name}</p>
      <p className="tabular-nums">{t("charts.profit", { amount: f.money(Number(entry.value ?? 0)) })}</p>
      <p className="text-muted-foreground">{t("charts.sales", { count: sales })}</p>
    </div>
  );
}
