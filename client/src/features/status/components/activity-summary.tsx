import type { StatusStatistics } from "@common/schemas/statistics";
import { ActivityLineList } from "@/components/activity-line-list";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

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
          <ActivityLineList
            entries={summary.recent}
            count={summary.recent.length}
            label="Resumo de atividade"
          />
        )}
      </CardContent>
    </Card>
  );
}
