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
                className="max-w-72 truncate text-muted-foreground xl:max-w-96"
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
