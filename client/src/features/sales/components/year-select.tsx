import { useTranslation } from "react-i18next";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";

/** the calendar years the books have, newest first (the DAC7 card and the yearly summary) */
export function YearSelect({
  value,
  years,
  onChange,
  className,
}: {
  value: number;
  years: readonly number[];
  onChange: (year: number) => void;
  className?: string;
}) {
  const { t } = useTranslation("sales");
  return (
    <Select value={String(value)} onValueChange={(v) => onChange(Number(v))}>
      <SelectTrigger className={cn("w-auto", className)} aria-label={t("dac7.year")}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {years.map((y) => (
          <SelectItem key={y} value={String(y)}>
            {y}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
