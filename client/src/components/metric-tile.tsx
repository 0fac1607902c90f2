import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";

const tones = {
  primary: "bg-primary/10 text-primary",
  success: "bg-success/10 text-success",
  // a darker amber on the light theme, where plain warning is too pale on white
  warning: "bg-warning/15 text-[oklch(0.55_0.14_65)] dark:text-warning",
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
 * Intl ties an amount to its currency with a no-break space ("1 500,00 US$"); on a narrow tile the
 * line may break there, rather than inside "US$".
 */
const breakBeforeCurrency = (text: string) => text.replace(/\u00a0(?=[^\d\s%]+$)/, " ");

/**
 * A figure card: icon and label (side by side from 640 px), then the value on its own line, so long
 * Portuguese labels and euro amounts fit two to a row on a 390 px phone without being cut.
 */
export function MetricTile({ label, value, icon: Icon, hint, tone = "primary" }: MetricTileProps) {
  return (
    <Card className="gap-2 p-4">
      {/* on phones the icon sits above the label, so a long one-word label ("Administradores")
          has the tile's whole width */}
      <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center">
        <span className={cn("flex size-8 shrink-0 items-center justify-center rounded-lg", tones[tone])}>
          <Icon className="size-4" />
        </span>
        <p className="text-sm leading-tight text-muted-foreground">{label}</p>
      </div>
      {/* at the bottom: tiles of a row are as tall as the tallest, figures line up when a label wraps */}
      <p className="mt-auto text-xl font-semibold break-words tabular-nums">
        {typeof value === "string" ? breakBeforeCurrency(value) : value}
      </p>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </Card>
  );
}
