import type { ActivityDto } from "@common/schemas/activity";
import { activityTitle } from "@common/status";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/format";
import { productLabel } from "../lib/history";
import { ActivityTypeBadge } from "./activity-type-badge";

export function ActivityTable({ entries, showUser }: { entries: ActivityDto[]; showUser: boolean }) {
  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Data</TableHead>
            <TableHead>Produto</TableHead>
            {showUser && <TableHead>Utilizador</TableHead>}
            <TableHead>Ação</TableHead>
            <TableHead>Mensagem</TableHead>
            <TableHead>Tipo</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id} data-testid="activity-entry">
              <TableCell className="whitespace-nowrap tabular-nums">
                {formatDateTime(entry.createdAt)}
              </TableCell>
              <TableCell className="max-w-48 truncate font-medium">{productLabel(entry)}</TableCell>
              {showUser && <TableCell>{entry.username ?? "—"}</TableCell>}
              <TableCell className="whitespace-nowrap">{activityTitle(entry.action)}</TableCell>
              <TableCell
                // wraps rather than truncates: with the user column the table was wider than the
                // page at 1280 px and scrolled sideways (a scroll region keyboards cannot reach)
                className="min-w-56 whitespace-normal text-muted-foreground"
                title={entry.message}
              >
                {entry.message}
              </TableCell>
              <TableCell>
                <ActivityTypeBadge type={entry.type} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
