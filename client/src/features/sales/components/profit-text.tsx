import { useFormat } from "@/lib/user-settings";
import { cn } from "@/lib/utils";

export function ProfitText({ value, className }: { value: string; className?: string }) {
  const f = useFormat();
  return (
    <span
      className={cn(
        "font-semibold tabular-nums",
        value.startsWith("-") ? "text-destructive" : "text-success",
        className,
      )}
    >
      {f.money(value)}
    </span>
  );
}
