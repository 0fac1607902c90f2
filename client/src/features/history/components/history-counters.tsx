import { AlertCircle, Bell, CalendarDays, ListChecks } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import type { HistoryCounters as Counters } from "../lib/history";

export function HistoryCounters({ counters }: { counters: Counters }) {
  const { t } = useTranslation("history");
  const items = [
    {
      label: t("counters.total"),
      value: counters.total,
      icon: ListChecks,
      tone: "bg-primary/10 text-primary",
    },
    {
      label: t("counters.today"),
      value: counters.today,
      icon: CalendarDays,
      tone: "bg-secondary text-secondary-foreground",
    },
    {
      label: t("counters.notifications"),
      value: counters.notifications,
      icon: Bell,
      tone: "bg-success/12 text-success",
    },
    {
      label: t("counters.errors"),
      value: counters.errors,
      icon: AlertCircle,
      tone: "bg-destructive/12 text-destructive",
    },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map(({ label, value, icon: Icon, tone }) => (
        <Card key={label} className="flex-row items-center gap-3 px-4 py-3">
          <span className={`flex size-9 shrink-0 items-center justify-center rounded-lg ${tone}`}>
            <Icon className="size-4" />
          </span>
          <div className="min-w-0">
            <p className="text-xl font-semibold tabular-nums">{value}</p>
            <p className="truncate text-xs text-muted-foreground">{label}</p>
          </div>
        </Card>
      ))}
    </div>
  );
}
