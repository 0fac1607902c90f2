import { useTranslation } from "react-i18next";
import { AlertOutcome } from "@/components/activity-line-list";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useFormat } from "@/lib/user-settings";
import { lineMessage } from "@/lib/activity-lines";
import { actionTitle, type HistoryLine, productLabel } from "../lib/history";
import { ActivityTypeBadge } from "./activity-type-badge";

/**
 * The product guide's columns: date (the day above the time), product ('Sistema' for a line of no
 * product; the user under it for admins), action, message (with the alert it caused) and type.
 * Below 1024 px the type badge joins the action, so the table still fits beside the sidebar.
 */
export function ActivityTable({ lines, showUser }: { lines: HistoryLine[]; showUser: boolean }) {
  const f = useFormat();
  const { t } = useTranslation("history");
  return (
    <div className="rounded-xl border bg-card">
      <Table className="table-fixed">
        <TableHeader>
          <TableRow>
            <TableHead className="w-28">{t("table.date")}</TableHead>
            <TableHead className="w-[22%]">{t("table.product")}</TableHead>
            <TableHead className="w-32 xl:w-40">{t("table.action")}</TableHead>
            <TableHead>{t("table.message")}</TableHead>
            <TableHead className="hidden w-28 lg:table-cell">{t("table.type")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map(({ entry, alerts }) => (
            <TableRow key={entry.id} data-testid="activity-entry" className="align-top">
              <TableCell className="align-top tabular-nums">
                <span className="block">{f.date(entry.createdAt)}</span>
                <span className="block text-xs text-muted-foreground">{f.time(entry.createdAt)}</span>
              </TableCell>
              <TableCell className="align-top whitespace-normal">
                <span className="block font-medium break-words">{productLabel(entry)}</span>
                {showUser && (
                  <span className="block text-xs text-muted-foreground">{entry.username ?? "—"}</span>
                )}
              </TableCell>
              <TableCell className="align-top whitespace-normal">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-medium break-words">{actionTitle(entry.action)}</span>
                  <ActivityTypeBadge type={entry.type} className="lg:hidden" />
                </span>
              </TableCell>
              <TableCell className="align-top whitespace-normal">
                <span className="block break-words text-muted-foreground">{lineMessage(entry, f)}</span>
                <AlertOutcome alerts={alerts} className="mt-0.5 text-xs" />
              </TableCell>
              <TableCell className="hidden align-top lg:table-cell">
                <ActivityTypeBadge type={entry.type} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
