import type { RankingEntry } from "@common/schemas/ranking";
import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useFormat } from "@/lib/user-settings";
import { cn } from "@/lib/utils";
import { SellerName } from "./seller-name";

export function RankingTable({ entries, meId }: { entries: RankingEntry[]; meId: number | undefined }) {
  const f = useFormat();
  const { t } = useTranslation("ranking");
  return (
    <Card className="gap-0 overflow-hidden py-0">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-16">{t("columns.position")}</TableHead>
            <TableHead>{t("columns.seller")}</TableHead>
            <TableHead className="text-right">{t("columns.revenue")}</TableHead>
            <TableHead className="text-right">{t("columns.profit")}</TableHead>
            <TableHead className="text-right">{t("columns.margin")}</TableHead>
            <TableHead className="text-right">{t("columns.sold")}</TableHead>
            <TableHead className="text-right">{t("columns.items")}</TableHead>
            <TableHead className="text-right">{t("columns.averageProfit")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entries.map((e) => (
            <TableRow key={e.id} data-testid="ranking-row" className={cn(e.id === meId && "bg-primary/5")}>
              <TableCell className="text-lg font-bold tabular-nums">
                {t("rank", { count: e.rank, ordinal: true })}
              </TableCell>
              <TableCell className="max-w-64">
                <SellerName entry={e} isMe={e.id === meId} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{f.money(e.totalRevenue)}</TableCell>
              <TableCell className="text-right font-semibold text-success tabular-nums">
                {f.money(e.totalProfit)}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {e.profitMargin === null ? "—" : f.percent(e.profitMargin)}
              </TableCell>
              <TableCell className="text-right tabular-nums">{e.soldItems}</TableCell>
              <TableCell className="text-right tabular-nums">{e.totalItems}</TableCell>
              <TableCell className="text-right tabular-nums">{f.money(e.averageProfit)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
