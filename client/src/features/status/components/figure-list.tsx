import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

export interface Figure {
  label: string;
  value: ReactNode;
  className?: string;
}

/** label on the left, figure on the right, one per line */
export function FigureList({ figures }: { figures: Figure[] }) {
  return (
    <dl className="divide-y">
      {figures.map((f) => (
        <div
          key={f.label}
          className="flex items-center justify-between gap-4 py-2.5 text-sm first:pt-0 last:pb-0"
        >
          <dt className="text-muted-foreground">{f.label}</dt>
          <dd className={cn("text-right font-semibold tabular-nums", f.className)}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
