import type { ActivityDto } from "@common/schemas/activity";
import { activityTitle } from "@common/status";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatActivityTime } from "@/lib/format";
import { cn } from "@/lib/utils";

const dotColour: Record<string, string> = {
  success: "bg-success",
  error: "bg-destructive",
  warning: "bg-warning",
};

export function RecentActivity({ entries, count }: { entries: ActivityDto[] | undefined; count: number }) {
  const recent = (entries ?? []).slice(0, count);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Atividade Recente</CardTitle>
      </CardHeader>
      <CardContent>
        {recent.length === 0 ? (
          <p className="text-sm text-muted-foreground">Sem atividade recente.</p>
        ) : (
          <ul className="divide-y" aria-label="Atividade recente">
            {recent.map((entry) => (
              <li key={entry.id} className="flex items-start gap-3 py-2.5 first:pt-0 last:pb-0">
                <span
                  className={cn("mt-1.5 size-2 shrink-0 rounded-full", dotColour[entry.type] ?? "bg-primary")}
                />
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium">{activityTitle(entry.action)}</p>
                  <p className="truncate text-xs text-muted-foreground">{entry.message}</p>
                </div>
                <time className="shrink-0 text-xs text-muted-foreground" dateTime={entry.createdAt}>
                  {formatActivityTime(entry.createdAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
