import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { useIsMobile } from "@/hooks/use-is-mobile";
import { useActivity } from "@/lib/activity-queries";
import { useMonitorStats } from "../api/get-monitor-stats";
import { useProducts } from "../api/get-products";
import { useStatistics } from "../api/get-statistics";
import { AddProductButton } from "../components/add-product-button";
import { MonitorDialogs, ProductList } from "../components/monitor-body";
import { MonitorControls, SwitchAllConfirm, useSwitchAll } from "../components/monitor-controls";
import { RecentActivity } from "../components/recent-activity";
import { MobileStats, StatCards } from "../components/stat-cards";
import { useProductDialogs } from "../lib/use-product-dialogs";
import { useProductFilters, useVisibleProducts } from "../lib/use-product-filters";

/** recent activity shows 3 entries on desktop, 5 on phones (docs/product.md) */
const RECENT_DESKTOP = 3;
const RECENT_MOBILE = 5;

export function MonitorPage() {
  const { t } = useTranslation("monitor");
  const isMobile = useIsMobile();
  const products = useProducts();
  const statistics = useStatistics();
  const monitorStats = useMonitorStats();
  const activity = useActivity();
  const filters = useProductFilters();
  const visible = useVisibleProducts(products.data, filters);
  const dialogs = useProductDialogs();
  const switchAll = useSwitchAll(products.data);

  const addButton = (
    <AddProductButton
      mobile={isMobile}
      canCreateMore={monitorStats.data?.canCreateMore ?? true}
      onClick={dialogs.openCreate}
    />
  );
  const body = (
    <>
      <MonitorControls
        filters={filters}
        switchAll={switchAll}
        isRefreshing={products.isFetching}
        compact={isMobile}
      />
      <ProductList
        query={products}
        visible={visible}
        view={filters.view}
        sort={filters.sort}
        onSort={filters.setSort}
        actions={dialogs.actions}
        mobile={isMobile}
      />
      <RecentActivity entries={activity.data} count={isMobile ? RECENT_MOBILE : RECENT_DESKTOP} />
    </>
  );
  // the dialogs stay in one place of the tree, so crossing the breakpoint keeps a half-filled form
  return (
    <>
      {isMobile ? (
        <PageShell className="gap-4">
          <PageHeader title={t("page.title")} subtitle={t("page.subtitleMobile")} />
          {addButton}
          <MobileStats stats={statistics.data} monitor={monitorStats.data} />
          {body}
        </PageShell>
      ) : (
        <PageShell>
          <PageHeader title={t("page.title")} subtitle={t("page.subtitle")} actions={addButton} />
          <StatCards stats={statistics.data} monitor={monitorStats.data} />
          {body}
        </PageShell>
      )}
      <MonitorDialogs dialogs={dialogs} />
      <SwitchAllConfirm switchAll={switchAll} />
    </>
  );
}
