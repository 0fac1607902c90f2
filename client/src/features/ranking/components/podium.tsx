import type { RankingEntry } from "@common/schemas/ranking";
import { Crown, Medal } from "lucide-react";
import { useTranslation } from "react-i18next";
import { UserAvatar } from "@/components/user-avatar";
import { useFormat } from "@/lib/user-settings";
import { cn } from "@/lib/utils";

const PLACES = {
  1: { height: "h-28 sm:h-36", tone: "from-amber-300 to-amber-500 text-amber-950", icon: Crown },
  2: { height: "h-20 sm:h-28", tone: "from-slate-200 to-slate-400 text-slate-900", icon: Medal },
  3: { height: "h-16 sm:h-20", tone: "from-orange-300 to-orange-500 text-orange-950", icon: Medal },
} as const;

/** the top three, second on the left and third on the right as on a real podium */
export function Podium({ entries }: { entries: RankingEntry[] }) {
  const f = useFormat();
  const { t } = useTranslation("ranking");
  const [first, second, third] = entries;
  const order = [second, first, third].filter(Boolean);
  return (
    <section aria-label={t("podium")} className="rounded-xl border bg-card p-4 sm:p-6">
      <div className="mx-auto flex max-w-2xl items-end justify-center gap-2 sm:gap-4">
        {order.map((entry) => {
          const place = PLACES[entry.rank as 1 | 2 | 3];
          const Icon = place.icon;
          return (
            <div
              key={entry.id}
              data-testid="podium-place"
              className="flex max-w-48 min-w-0 flex-1 flex-col items-center gap-2"
            >
              <Icon className={cn("size-5", entry.rank === 1 ? "text-amber-500" : "text-muted-foreground")} />
              <UserAvatar user={entry} letters={2} className="size-12 text-base sm:size-14" />
              <div className="w-full min-w-0 text-center">
                <p className="truncate text-sm font-semibold">{entry.fullName || entry.username}</p>
                <p className="text-sm font-semibold text-success tabular-nums">
                  {f.money(entry.totalProfit)}
                </p>
              </div>
              <div
                className={cn(
                  "flex w-full items-start justify-center rounded-t-lg bg-gradient-to-b pt-2 text-2xl font-bold",
                  place.height,
                  place.tone,
                )}
              >
                {t("rank", { count: entry.rank, ordinal: true })}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
