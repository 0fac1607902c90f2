import { periodWindow } from "@common/schemas/period";
import { AlertCircle } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { PeriodPicker } from "@/components/period-picker";
import { InstallHint } from "../components/install-hint";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useUser } from "@/lib/auth";
import { errorMessage } from "@/lib/http";
import { useExpenses, useSales } from "@/lib/books-queries";
import { usePeriod } from "@/lib/period";
import { useFormat } from "@/lib/user-settings";
import { useStatusStatistics } from "../api/get-status-statistics";
import { ActivitySummaryCard } from "../components/activity-summary";
import { InventoryStatusCard, SalesPerformanceCard } from "../components/performance-cards";
import { ProfitByMonthChart, ProfitByPlatformChart } from "../components/profit-charts";
import { SummaryCards } from "../components/summary-cards";
import { UserHeader } from "../components/user-header";

export function StatusPage() {
  const { data: user } = useUser();
  const f = useFormat();
  const [period, setPeriod] = usePeriod();
  const statistics = useStatusStatistics({ period });
  const sales = useSales({ period });
  const expenses = useExpenses();
  const stats = statistics.data;
  const { t } = useTranslation(["status", "common"]);
  // the period's days on the user's calendar; its expenses are those of its days
  const window = useMemo(() => periodWindow(period, f.timeZone), [period, f.timeZone]);
  const periodExpenses = useMemo(
    () => (expenses.data ?? []).filter((e) => !window || (e.spentOn >= window.from && e.spentOn < window.to)),
    [expenses.data, window],
  );
  const inPeriod = window !== null;
  // the charts add only the sales in the books currency of today, as the server's figures do
  const booksSales = useMemo(
    () => (sales.data ?? []).filter((s) => s.currency === f.currency),
    [sales.data, f.currency],
  );

  return (
    <PageShell>
      <PageHeader
        title={t("page.title")}
        subtitle={t("page.subtitle")}
        actions={<PeriodPicker value={period} onChange={setPeriod} />}
      />
      <InstallHint />
      {user && <UserHeader user={user} />}
      {statistics.isLoading && <Skeleton className="h-80 rounded-xl" />}
      {statistics.error && (
        <EmptyState
          icon={AlertCircle}
          title={t("page.loadError")}
          description={errorMessage(statistics.error, t("common:unknownError"))}
          action={<Button onClick={() => statistics.refetch()}>{t("common:actions.retry")}</Button>}
        />
      )}
      {stats && (
        <>
          <SummaryCards stats={stats} inPeriod={inPeriod} />
          {stats.otherCurrencySales > 0 && (
            <p className="text-sm text-muted-foreground">
              {t("otherCurrency", { count: stats.otherCurrencySales })}
            </p>
          )}
          <div className="grid gap-4 lg:grid-cols-2">
            <ProfitByMonthChart sales={booksSales} expenses={periodExpenses} window={window} />
            <ProfitByPlatformChart sales={booksSales} inPeriod={inPeriod} />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <SalesPerformanceCard stats={stats} inPeriod={inPeriod} />
            <InventoryStatusCard stats={stats} />
          </div>
          <ActivitySummaryCard summary={stats.activitySummary} />
        </>
      )}
    </PageShell>
  );
}
