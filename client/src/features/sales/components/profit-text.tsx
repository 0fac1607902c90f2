import { useFormat } from "@/lib/user-settings";
import { cn } from "@/lib/utils";

/** a profit in green or red; a sale's profit in the currency it was recorded in when given */
export function ProfitText({
  value,
  currency,
  className,
}: {
  value: string;
  currency?: string;
  className?: string;
}) {
  const f = useFormat();
  return (
    <span
      className={cn(
        "font-semibold tabular-nums",
        value.startsWith("-") ? "text-destructive" : "text-success",
        className,
      )}
    >
      {currency ? f.price(value, currency) : f.money(value)}
    </span>
  );
}
