import type { ActivityFilter } from "@common/schemas/activity";
import { History, RefreshCw } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useIsMobile } from "@/hooks/use-is-mobile";
import { useStoredChoice } from "@/hooks/use-stored-choice";
import { groupActivityLines, lineEntries } from "@/lib/activity-lines";
import { useUser } from "@/lib/auth";
import { downloadText } from "@/lib/download";
import { errorMessage } from "@/lib/http";
import { useActivity } from "@/lib/activity-queries";
import { useActivityProducts } from "../api/get-activity";
import { ActivityCards } from "../components/activity-cards";
import { ActivityTable } from "../components/activity-table";
import { HistoryCounters } from "../components/history-counters";
import { HISTORY_VIEWS, HistoryToolbar } from "../components/history-toolbar";
import {
  activityQuery,
  countActivity,
  filterActivity,
  type HistoryFilters,
  historyCsv,
  historyFileName,
  NO_FILTERS,
} from "../lib/history";
import { useFormat } from "@/lib/user-settings";

export function HistoryPage() {
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS);
  const f = useFormat();
  const { t, i18n } = useTranslation(["history", "common"]);
  const query = useMemo(() => activityQuery(filters, f.timeZone), [filters, f.timeZone]);
  const activity = useActivity({ query });
  const products = useActivityProducts();
  const user = useUser();
  const isMobile = useIsMobile();
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<ActivityFilter>("all");
  // a table on wider screens unless the user chose the cards; phones always get the cards
  const [view, setView] = useStoredChoice("stock-monitor-history-view", HISTORY_VIEWS, "table");

  const lines = useMemo(() => groupActivityLines(activity.data ?? []), [activity.data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the search reads the lines as written in the language in force
  const visible = useMemo(
    () => filterActivity(lines, filter, search, f),
    [lines, filter, search, f, i18n.language],
  );
  const counters = useMemo(() => countActivity(lines, f), [lines, f]);
  const isAdmin = user.data?.role === "admin";
  const filtered = query.product !== undefined || query.from !== undefined || query.to !== undefined;

  const exportCsv = () => {
    const entries = visible.flatMap(lineEntries);
    downloadText(historyFileName(f), historyCsv(entries, f));
    toast.success(t("export.done"), { description: t("export.description", { count: entries.length }) });
  };

  let body: ReactNode;
  if (activity.isPending) body = <Skeleton className="h-64 rounded-xl" />;
  else if (activity.isError)
    body = (
      <EmptyState
        icon={History}
        title={t("page.loadFailed")}
        description={errorMessage(activity.error, t("common:unknownError"))}
        action={
          <Button variant="outline" onClick={() => void activity.refetch()}>
            <RefreshCw />
            {t("common:actions.retry")}
          </Button>
        }
      />
    );
  else if (visible.length === 0)
    body = (
      <EmptyState
        icon={History}
        title={lines.length === 0 && !filtered ? t("page.emptyTitle") : t("page.noMatchTitle")}
        description={
          lines.length === 0 && !filtered ? t("page.emptyDescription") : t("page.noMatchDescription")
        }
      />
    );
  else if (view === "table" && !isMobile) body = <ActivityTable lines={visible} showUser={isAdmin} />;
  else body = <ActivityCards lines={visible} />;

  return (
    <PageShell className={isMobile ? "gap-4" : undefined}>
      <PageHeader title={t("page.title")} subtitle={isAdmin ? t("page.subtitleAdmin") : t("page.subtitle")} />
      <HistoryCounters counters={counters} />
      <HistoryToolbar
        search={search}
        onSearch={setSearch}
        filter={filter}
        onFilter={setFilter}
        filters={filters}
        onFilters={setFilters}
        products={products.data ?? []}
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
