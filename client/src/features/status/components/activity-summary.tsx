import type { StatusStatistics } from "@common/schemas/statistics";
import { activityTitle } from "@common/status";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatActivityWhen } from "@/lib/format";
import { cn } from "@/lib/utils";

/** success, error, warning, anything else info */
const DOT: Record<string, string> = {
  success: "bg-success",
  error: "bg-destructive",
  warning: "bg-warning",
};

export function ActivitySummaryCard({ summary }: { summary: StatusStatistics["activitySummary"] }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle>Resumo de Atividade</CardTitle>
        <span className="text-sm text-muted-foreground">
          Total: <strong className="text-foreground tabular-nums">{summary.totalActivities}</strong>
        </span>
      </CardHeader>
      <CardContent>
        {summary.recent.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">Sem atividade recente.</p>
        ) : (
          <ul className="space-y-3">
            {summary.recent.map((entry) => (
              <li key={entry.id} className="flex gap-3 text-sm">
                <span
                  className={cn("mt-1.5 size-2 shrink-0 rounded-full", DOT[entry.type] ?? "bg-primary")}
                />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{activityTitle(entry.action)}</p>
                  <p className="break-words text-muted-foreground">{entry.message}</p>
                </div>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {formatActivityWhen(entry.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
