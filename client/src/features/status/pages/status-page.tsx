import { AlertCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { InstallHint } from "../components/install-hint";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useUser } from "@/lib/auth";
import { errorMessage } from "@/lib/http";
import { useExpenses, useSales } from "@/lib/books-queries";
import { useStatusStatistics } from "../api/get-status-statistics";
import { ActivitySummaryCard } from "../components/activity-summary";
import { InventoryStatusCard, SalesPerformanceCard } from "../components/performance-cards";
import { ProfitByMonthChart, ProfitByPlatformChart } from "../components/profit-charts";
import { SummaryCards } from "../components/summary-cards";
import { UserHeader } from "../components/user-header";

export function StatusPage() {
  const { data: user } = useUser();
  const statistics = useStatusStatistics();
  const sales = useSales();
  const expenses = useExpenses();
  const stats = statistics.data;
  const { t } = useTranslation(["status", "common"]);

  return (
    <PageShell>
      <PageHeader title={t("page.title")} subtitle={t("page.subtitle")} />
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
          <SummaryCards stats={stats} />
          <div className="grid gap-4 lg:grid-cols-2">
            <ProfitByMonthChart sales={sales.data ?? []} expenses={expenses.data ?? []} />
            <ProfitByPlatformChart sales={sales.data ?? []} />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <SalesPerformanceCard stats={stats} />
            <InventoryStatusCard stats={stats} />
          </div>
          <ActivitySummaryCard summary={stats.activitySummary} />
        </>
      )}
    </PageShell>
  );
}
