import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { cn } from "@/lib/utils";

interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  hint?: ReactNode;
  /** colour of the icon badge */
  tone?: "primary" | "success" | "warning" | "destructive" | "muted";
}

const tones = {
  primary: "bg-primary/10 text-primary",
  success: "bg-success/10 text-success",
  warning: "bg-warning/10 text-warning",
  destructive: "bg-destructive/10 text-destructive",
  muted: "bg-muted text-muted-foreground",
} as const;

export function StatCard({ label, value, icon: Icon, hint, tone = "primary" }: StatCardProps) {
  return (
    <Card className="gap-0 py-0">
      {/* the cards of a row stretch to the tallest and the figure sits at the bottom, so figures
          line up when one label wraps to two lines */}
      <CardContent className="flex flex-1 flex-col gap-2 p-3 sm:flex-row sm:gap-4 sm:p-4">
        <span
          className={cn(
            "flex size-9 shrink-0 items-center justify-center rounded-lg sm:size-10 sm:self-center",
            tones[tone],
          )}
        >
          <Icon className="size-5" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col justify-between">
          <p className="text-sm leading-tight text-muted-foreground">{label}</p>
          <div>
            <p className="text-xl font-semibold tabular-nums">{value}</p>
            {hint && <p className="truncate text-xs text-muted-foreground">{hint}</p>}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
