import { formatEuro } from "@/lib/format";
import { cn } from "@/lib/utils";

export function ProfitText({ value, className }: { value: string; className?: string }) {
  return (
    <span
      className={cn(
        "font-semibold tabular-nums",
        value.startsWith("-") ? "text-destructive" : "text-success",
        className,
      )}
    >
      {formatEuro(value)}
    </span>
  );
}
