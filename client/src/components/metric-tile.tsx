import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";

const tones = {
  primary: "bg-primary/10 text-primary",
  success: "bg-success/10 text-success",
  warning: "bg-warning/10 text-warning",
  destructive: "bg-destructive/10 text-destructive",
  muted: "bg-muted text-muted-foreground",
} as const;

interface MetricTileProps {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  hint?: ReactNode;
  tone?: keyof typeof tones;
}

/**
 * A figure card whose label sits beside the icon and the value on its own line, so long
 * Portuguese labels and euro amounts fit two to a row on a 390 px phone without being cut.
 */
export function MetricTile({ label, value, icon: Icon, hint, tone = "primary" }: MetricTileProps) {
  return (
    <Card className="gap-2 p-4">
      <div className="flex items-center gap-2">
        <span className={cn("flex size-8 shrink-0 items-center justify-center rounded-lg", tones[tone])}>
          <Icon className="size-4" />
        </span>
        <p className="text-sm leading-tight text-muted-foreground">{label}</p>
      </div>
      {/* at the bottom: tiles of a row are as tall as the tallest, figures line up when a label wraps */}
      <p className="mt-auto text-xl font-semibold break-words tabular-nums">{value}</p>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </Card>
  );
}
