import {
  lastDay,
  PERIOD_PRESETS,
  type Period,
  type PeriodPreset,
  periodQuerySchema,
  periodWindow,
} from "@common/schemas/period";
import { CalendarRange } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { translateMessage } from "@/lib/i18n";
import { useFormat } from "@/lib/user-settings";
import { cn } from "@/lib/utils";

/**
 * The books' period (Status, Vendas, Inventário, Ranking): all time, this month, last month, this
 * year, last year, or two days typed. A preset shows the days it covers on the user's calendar; a
 * custom range applies as soon as both days are valid, and says in words what is wrong otherwise.
 */
export function PeriodPicker({
  value,
  onChange,
  className,
}: {
  value: Period;
  onChange: (period: Period) => void;
  className?: string;
}) {
  const { t } = useTranslation("common");
  const f = useFormat();
  const id = useId();
  const [draft, setDraft] = useState({ from: value.from ?? "", to: value.to ?? "" });
  const [error, setError] = useState<string | null>(null);
  // the URL leads: a reload, a shared link or the back button puts its days in the fields
  useEffect(() => {
    if (value.period === "custom") setDraft({ from: value.from ?? "", to: value.to ?? "" });
    setError(null);
  }, [value.period, value.from, value.to]);

  const window = periodWindow(value, f.timeZone);
  const custom = value.period === "custom";

  const choose = (preset: PeriodPreset) => {
    if (preset !== "custom") return onChange({ period: preset });
    // a custom range starts from the days on screen, or this month up to today
    const shown = window ?? periodWindow({ period: "this-month" }, f.timeZone);
    const from = shown?.from ?? f.day(new Date());
    const to = window ? lastDay(window) : f.day(new Date());
    onChange({ period: "custom", from, to });
  };

  const edit = (field: "from" | "to", day: string) => {
    const next = { ...draft, [field]: day };
    setDraft(next);
    const parsed = periodQuerySchema.safeParse({ period: "custom", ...next });
    if (parsed.success) {
      setError(null);
      onChange(parsed.data);
    } else {
      setError(translateMessage(parsed.error.issues[0]?.message ?? ""));
    }
  };

  return (
    <div
      className={cn("flex w-full flex-col gap-2 sm:w-auto sm:items-end", className)}
      data-testid="period-picker"
    >
      <div className="flex w-full items-center gap-2 sm:w-auto">
        <CalendarRange aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <Select value={value.period} onValueChange={(v) => choose(v as PeriodPreset)}>
          <SelectTrigger aria-label={t("periodPicker.label")} className="w-full sm:w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {PERIOD_PRESETS.map((preset) => (
              <SelectItem key={preset} value={preset}>
                {t(`periodPicker.presets.${preset}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {custom ? (
        <fieldset
          className="grid w-full grid-cols-2 gap-2 sm:w-auto"
          aria-label={t("periodPicker.customRange")}
        >
          <div className="min-w-0 space-y-1">
            <Label htmlFor={`${id}-from`} className="text-xs text-muted-foreground">
              {t("periodPicker.from")}
            </Label>
            <Input
              id={`${id}-from`}
              type="date"
              value={draft.from}
              max={draft.to || undefined}
              aria-invalid={error ? true : undefined}
              onChange={(e) => edit("from", e.target.value)}
              className="sm:w-40"
            />
          </div>
          <div className="min-w-0 space-y-1">
            <Label htmlFor={`${id}-to`} className="text-xs text-muted-foreground">
              {t("periodPicker.to")}
            </Label>
            <Input
              id={`${id}-to`}
              type="date"
              value={draft.to}
              min={draft.from || undefined}
              aria-invalid={error ? true : undefined}
              onChange={(e) => edit("to", e.target.value)}
              className="sm:w-40"
            />
          </div>
          {error && (
            <p role="alert" className="col-span-2 text-xs text-destructive">
              {error}
            </p>
          )}
        </fieldset>
      ) : (
        window && (
          <p className="text-xs text-muted-foreground" data-testid="period-range">
            {t("periodPicker.range", { from: f.dateOnly(window.from), to: f.dateOnly(lastDay(window)) })}
          </p>
        )
      )}
    </div>
  );
}
