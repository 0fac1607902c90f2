import { AlertCircle } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useUser } from "@/lib/auth";
import { errorMessage } from "@/lib/http";
import { useSales } from "@/lib/books-queries";
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
  const stats = statistics.data;

  return (
    <PageShell>
      <PageHeader title="Status" subtitle="Análise do perfil" />
      {user && <UserHeader user={user} />}
      {statistics.isLoading && <Skeleton className="h-80 rounded-xl" />}
      {statistics.error && (
        <EmptyState
          icon={AlertCircle}
          title="Erro ao carregar estatísticas"
          description={errorMessage(statistics.error, "Erro desconhecido")}
          action={<Button onClick={() => statistics.refetch()}>Tentar Novamente</Button>}
        />
      )}
      {stats && (
        <>
          <SummaryCards stats={stats} />
          <div className="grid gap-4 lg:grid-cols-2">
            <ProfitByMonthChart sales={sales.data ?? []} />
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
