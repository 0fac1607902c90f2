import type { ActivityDto } from "@common/schemas/activity";
import { ActivityLineList } from "@/components/activity-line-list";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

export function RecentActivity({ entries, count }: { entries: ActivityDto[] | undefined; count: number }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Atividade Recente</CardTitle>
      </CardHeader>
      <CardContent>
        {(entries ?? []).length === 0 ? (
          <p className="text-sm text-muted-foreground">Sem atividade recente.</p>
        ) : (
          <ActivityLineList entries={entries ?? []} count={count} label="Atividade recente" />
        )}
      </CardContent>
    </Card>
  );
}
