import type { ActivityDto } from "@common/schemas/activity";
import { activityTitle } from "@common/status";
import { formatActivityWhen } from "@/lib/format";
import { productLabel } from "../lib/history";
import { ActivityTypeBadge } from "./activity-type-badge";

export function ActivityCards({ entries }: { entries: ActivityDto[] }) {
  return (
    <ul className="grid gap-3 lg:grid-cols-2" aria-label="Entradas do histórico">
      {entries.map((entry) => (
        <li
          key={entry.id}
          data-testid="activity-entry"
          className="space-y-2 rounded-xl border bg-card p-4 shadow-xs"
        >
          <div className="flex items-start justify-between gap-2">
            <p className="font-semibold">{activityTitle(entry.action)}</p>
            <ActivityTypeBadge type={entry.type} />
          </div>
          <p className="text-sm break-words text-muted-foreground">{entry.message}</p>
          <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
            <span className="truncate font-medium text-foreground">
              {productLabel(entry)}
              {entry.username && (
                <span className="font-normal text-muted-foreground"> · {entry.username}</span>
              )}
            </span>
            <time dateTime={entry.createdAt}>{formatActivityWhen(entry.createdAt)}</time>
          </div>
        </li>
      ))}
    </ul>
  );
}
