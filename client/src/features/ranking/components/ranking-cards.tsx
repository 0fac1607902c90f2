import type { RankingEntry } from "@common/schemas/ranking";
import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import { useFormat } from "@/lib/user-settings";
import { cn } from "@/lib/utils";
import { SellerName } from "./seller-name";

/** mobile: one card per seller with margin, items and average profit */
export function RankingCards({ entries, meId }: { entries: RankingEntry[]; meId: number | undefined }) {
  const f = useFormat();
  const { t } = useTranslation("ranking");
  return (
    <div className="grid grid-cols-1 gap-3">
      {entries.map((e) => (
        <Card
          key={e.id}
          data-testid="ranking-card"
          className={cn("min-w-0 gap-3 p-4", e.id === meId && "border-primary/50")}
        >
          <div className="flex items-center gap-3">
            <span className="w-8 shrink-0 text-lg font-bold tabular-nums">
              {t("rank", { count: e.rank, ordinal: true })}
            </span>
            <SellerName entry={e} isMe={e.id === meId} className="flex-1" />
            <span className="shrink-0 font-semibold text-success tabular-nums">{f.money(e.totalProfit)}</span>
          </div>
          <dl className="grid grid-cols-3 gap-2 text-center text-xs">
            <div className="rounded-md bg-muted/60 p-2">
              <dt className="text-muted-foreground">{t("columns.margin")}</dt>
              <dd className="font-semibold tabular-nums">
                {e.profitMargin === null ? "—" : f.percent(e.profitMargin)}
              </dd>
            </div>
            <div className="rounded-md bg-muted/60 p-2">
              <dt className="text-muted-foreground">{t("columns.sold")}</dt>
              <dd className="font-semibold tabular-nums">
                {e.soldItems}/{e.totalItems}
              </dd>
            </div>
            <div className="rounded-md bg-muted/60 p-2">
              <dt className="text-muted-foreground">{t("cards.averageProfit")}</dt>
              <dd className="font-semibold tabular-nums">{f.money(e.averageProfit)}</dd>
            </div>
          </dl>
        </Card>
      ))}
    </div>
  );
}
