import type { ActivityFilter } from "@common/schemas/activity";
import { History } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { toast } from "sonner";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { Skeleton } from "@/components/ui/skeleton";
import { useUser } from "@/lib/auth";
import { useIsMobile } from "@/hooks/use-is-mobile";
import { errorMessage } from "@/lib/http";
import { useActivity } from "../api/get-activity";
import { ActivityCards } from "../components/activity-cards";
import { ActivityTable } from "../components/activity-table";
import { HistoryCounters } from "../components/history-counters";
import { type HistoryView, HistoryToolbar } from "../components/history-toolbar";
import { downloadText } from "@/lib/download";
import { countActivity, filterActivity, historyCsv, historyFileName } from "../lib/history";

export function HistoryPage() {
  const activity = useActivity();
  const user = useUser();
  const isMobile = useIsMobile();
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<ActivityFilter>("all");
  const [view, setView] = useState<HistoryView>("cards");

  const entries = activity.data ?? [];
  const visible = useMemo(
    () => filterActivity(activity.data ?? [], filter, search),
    [activity.data, filter, search],
  );
  const counters = useMemo(() => countActivity(activity.data ?? []), [activity.data]);
  const isAdmin = user.data?.role === "admin";

  const exportCsv = () => {
    downloadText(historyFileName(), historyCsv(visible));
    toast.success("Exportado", { description: `${visible.length} entradas exportadas para CSV.` });
  };

  let body: ReactNode;
  if (activity.isPending) body = <Skeleton className="h-64 rounded-xl" />;
  else if (activity.isError)
    body = (
      <EmptyState
        icon={History}
        title="Erro ao carregar histórico"
        description={errorMessage(activity.error, "Erro desconhecido")}
      />
    );
  else if (visible.length === 0)
    body = (
      <EmptyState
        icon={History}
        title={entries.length === 0 ? "Sem atividade registada" : "Nenhuma atividade encontrada"}
        description={
          entries.length === 0
            ? "As verificações de stock, notificações e erros aparecem aqui."
            : "Altere a pesquisa ou o filtro."
        }
      />
    );
  else if (view === "table" && !isMobile) body = <ActivityTable entries={visible} showUser={isAdmin} />;
  else body = <ActivityCards entries={visible} />;

  return (
    <PageShell className={isMobile ? "gap-4" : undefined}>
      <PageHeader
        title="Histórico"
        subtitle={isAdmin ? "Atividade recente de todos os utilizadores" : "Atividade recente"}
      />
      <HistoryCounters counters={counters} />
      <HistoryToolbar
        search={search}
        onSearch={setSearch}
        filter={filter}
        onFilter={setFilter}
        view={isMobile ? undefined : view}
        onView={setView}
        onExport={exportCsv}
        isEmpty={visible.length === 0}
        compact={isMobile}
      />
      {body}
    </PageShell>
  );
}
