import { AlertCircle, Trophy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { OtherCurrencyNote } from "@/components/other-currency-note";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { PeriodPicker } from "@/components/period-picker";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useUser } from "@/lib/auth";
import { useIsMobile } from "@/hooks/use-is-mobile";
import { errorMessage } from "@/lib/http";
import { usePeriod } from "@/lib/period";
import { useRanking, useRankingLeftOut } from "../api/get-ranking";
import { Podium } from "../components/podium";
import { HideMeSwitch } from "../components/ranking-controls";
import { RankingCards } from "../components/ranking-cards";
import { RankingSummary } from "../components/ranking-summary";
import { RankingTable } from "../components/ranking-table";

/** the mobile podium needs three sellers */
const MOBILE_PODIUM_MIN = 3;

export function RankingPage() {
  const isMobile = useIsMobile();
  const { data: me } = useUser();
  const [period, setPeriod] = usePeriod();
  const ranking = useRanking({ period });
  const leftOut = useRankingLeftOut(period);
  const { t } = useTranslation(["ranking", "common"]);
  const entries = ranking.data ?? [];
  const showPodium = entries.length > 0 && (!isMobile || entries.length >= MOBILE_PODIUM_MIN);

  return (
    <PageShell className={isMobile ? "gap-4" : undefined}>
      <PageHeader
        title={t("page.title")}
        subtitle={t("page.subtitle")}
        actions={<PeriodPicker value={period} onChange={setPeriod} />}
      />
      <HideMeSwitch />
      {ranking.isLoading && <Skeleton className="h-64 rounded-xl" />}
      {ranking.error && (
        <EmptyState
          icon={AlertCircle}
          title={t("page.loadFailed")}
          description={errorMessage(ranking.error, t("common:unknownError"))}
          action={<Button onClick={() => ranking.refetch()}>{t("common:actions.retry")}</Button>}
        />
      )}
      {ranking.isSuccess && (
        <>
          <RankingSummary entries={entries} />
          <OtherCurrencyNote count={leftOut.data?.otherCurrencySales ?? 0} />
          {entries.length === 0 ? (
            <EmptyState
              icon={Trophy}
              title={t("page.emptyTitle")}
              description={period.period === "all" ? t("page.emptyDescription") : t("page.emptyPeriod")}
            />
          ) : (
            <>
              {showPodium && <Podium entries={entries.slice(0, 3)} />}
              {isMobile ? (
                <RankingCards entries={entries} meId={me?.id} />
              ) : (
                // eight columns need 1280 px beside the sidebar; narrower windows get the cards
                <>
                  <div className="xl:hidden">
                    <RankingCards entries={entries} meId={me?.id} />
                  </div>
                  <div className="hidden xl:block">
                    <RankingTable entries={entries} meId={me?.id} />
                  </div>
                </>
              )}
            </>
          )}
        </>
      )}
    </PageShell>
  );
}
