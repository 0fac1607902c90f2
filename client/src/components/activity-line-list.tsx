import { Bell, BellOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  alertOutcomeText,
  groupActivityLines,
  type LineEntry,
  lineProduct,
  lineText,
} from "@/lib/activity-lines";
import { formatActivityWhen } from "@/lib/format";
import { useFormat } from "@/lib/user-settings";
import { cn } from "@/lib/utils";

const DOT: Record<string, string> = {
  success: "bg-success",
  error: "bg-destructive",
  warning: "bg-warning",
};

/** the alert a check caused, on that check's line */
export function AlertOutcome({ alerts, className }: { alerts: LineEntry[]; className?: string }) {
  // the lines are written in the language in force: re-render when it changes
  useTranslation("common");
  const f = useFormat();
  const outcome = alertOutcomeText(alerts);
  if (!outcome) return null;
  const Icon = outcome.failed ? BellOff : Bell;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 font-medium",
        outcome.failed ? "text-destructive" : "text-success",
        className,
      )}
      title={alerts.map((a) => lineText(a, f)).join("\n")}
    >
      <Icon className="size-3" aria-hidden />
      {outcome.text}
    </span>
  );
}

/**
 * The few latest events (Monitor, Status): each names its product, says what happened and when
 * ("há 5 minutos · 14:32"); a check and the alert it caused are one line.
 */
export function ActivityLineList({
  entries,
  count,
  label,
}: {
  entries: LineEntry[];
  count: number;
  label: string;
}) {
  const f = useFormat();
  useTranslation("common");
  const lines = groupActivityLines(entries).slice(0, count);
  return (
    <ul className="divide-y" aria-label={label}>
      {lines.map(({ entry, alerts }) => (
        <li key={entry.id} data-testid="activity-line" className="flex gap-3 py-2.5 first:pt-0 last:pb-0">
          <span className={cn("mt-1.5 size-2 shrink-0 rounded-full", DOT[entry.type] ?? "bg-primary")} />
          <div className="min-w-0 flex-1 space-y-0.5 text-sm">
            <p className="truncate font-medium">{lineProduct(entry)}</p>
            <p className="break-words text-muted-foreground">{lineText(entry, f)}</p>
            <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
              <time dateTime={entry.createdAt}>{formatActivityWhen(entry.createdAt, f)}</time>
              <AlertOutcome alerts={alerts} />
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
