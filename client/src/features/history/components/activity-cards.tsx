import { useTranslation } from "react-i18next";
import { AlertOutcome } from "@/components/activity-line-list";
import { lineText } from "@/lib/activity-lines";
import { formatActivityWhen } from "@/lib/format";
import { useFormat } from "@/lib/user-settings";
import { type HistoryLine, productLabel } from "../lib/history";
import { ActivityTypeBadge } from "./activity-type-badge";

/** one column, newest on top: the list reads top to bottom like a timeline */
export function ActivityCards({ lines }: { lines: HistoryLine[] }) {
  const f = useFormat();
  const { t } = useTranslation("history");
  return (
    <ul className="mx-auto grid w-full max-w-3xl gap-3" aria-label={t("list.entries")}>
      {lines.map(({ entry, alerts }) => (
        <li
          key={entry.id}
          data-testid="activity-entry"
          className="space-y-1.5 rounded-xl border bg-card p-4 shadow-xs"
        >
          <div className="flex items-start justify-between gap-2">
            <p className="min-w-0 font-semibold break-words">
              {productLabel(entry)}
              {entry.username && (
                <span className="font-normal text-muted-foreground"> · {entry.username}</span>
              )}
            </p>
            <ActivityTypeBadge type={entry.type} />
          </div>
          <p className="text-sm break-words text-muted-foreground">{lineText(entry, f)}</p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <time dateTime={entry.createdAt}>{formatActivityWhen(entry.createdAt, f)}</time>
            <AlertOutcome alerts={alerts} />
          </p>
        </li>
      ))}
    </ul>
  );
}
