import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { useIsMobile } from "@/hooks/use-is-mobile";
import { AddProductButton } from "../components/add-product-button";
import { MonitorDialogs, ProductList } from "../components/monitor-body";
import { MonitorControls } from "../components/monitor-controls";
import { RecentActivity } from "../components/recent-activity";
import { MobileStats, StatCards } from "../components/stat-cards";
import { type MonitorPageState, useMonitorPage } from "../lib/use-monitor-page";

/** recent activity shows 3 entries on desktop, 5 on phones (docs/product.md) */
const RECENT_DESKTOP = 3;
const RECENT_MOBILE = 5;

export function MonitorPage() {
  const state = useMonitorPage();
  const isMobile = useIsMobile();
  // the dialogs stay in one place of the tree, so crossing the breakpoint keeps a half-filled form
  return (
    <>
      {isMobile ? <MonitorMobile state={state} /> : <MonitorDesktop state={state} />}
      <MonitorDialogs state={state} />
    </>
  );
}

function MonitorMobile({ state }: { state: MonitorPageState }) {
  const { t } = useTranslation("monitor");
  return (
    <PageShell className="gap-4">
      <PageHeader title={t("page.title")} subtitle={t("page.subtitleMobile")} />
      <AddProductButton mobile canCreateMore={state.canCreateMore} onClick={state.openCreate} />
      <MobileStats stats={state.statistics} monitor={state.monitorStats} />
      <MonitorControls state={state} compact />
      <ProductList state={state} mobile />
      <RecentActivity entries={state.activity} count={RECENT_MOBILE} />
    </PageShell>
  );
}

function MonitorDesktop({ state }: { state: MonitorPageState }) {
  const { t } = useTranslation("monitor");
  return (
    <PageShell>
      <PageHeader
        title={t("page.title")}
        subtitle={t("page.subtitle")}
        actions={<AddProductButton canCreateMore={state.canCreateMore} onClick={state.openCreate} />}
      />
      <StatCards stats={state.statistics} monitor={state.monitorStats} />
      <MonitorControls state={state} />
      <ProductList state={state} />
      <RecentActivity entries={state.activity} count={RECENT_DESKTOP} />
    </PageShell>
  );
}
