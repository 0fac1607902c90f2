import { type ComponentType, lazy } from "react";
import { type AppPath, paths } from "@/config/paths";

/** Route-level code splitting: each screen is its own chunk, loaded on first visit. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

const StatusPage = page(
  () => import("@/features/status/pages/status-page"),
  (m) => m.StatusPage,
);

export const appRoutes: { path: AppPath; component: ComponentType }[] = [
  { path: paths.home, component: StatusPage },
  { path: paths.status, component: StatusPage },
  {
    path: paths.monitor,
    component: page(
      () => import("@/features/monitor/pages/monitor-page"),
      (m) => m.MonitorPage,
    ),
  },
  {
    path: paths.inventory,
    component: page(
      () => import("@/features/inventory/pages/inventory-page"),
      (m) => m.InventoryPage,
    ),
  },
  {
    path: paths.sales,
    component: page(
      () => import("@/features/sales/pages/sales-page"),
      (m) => m.SalesPage,
    ),
  },
  {
    path: paths.salesYearSummary,
    component: page(
      () => import("@/features/sales/pages/year-summary-page"),
      (m) => m.YearSummaryPage,
    ),
  },
  {
    path: paths.expenses,
    component: page(
      () => import("@/features/expenses/pages/expenses-page"),
      (m) => m.ExpensesPage,
    ),
  },
  {
    path: paths.admin,
    component: page(
      () => import("@/features/admin/pages/admin-page"),
      (m) => m.AdminPage,
    ),
  },
  {
    path: paths.staffAdmin,
    component: page(
      () => import("@/features/admin/pages/staff-admin-page"),
      (m) => m.StaffAdminPage,
    ),
  },
  {
    path: paths.ranking,
    component: page(
      () => import("@/features/ranking/pages/ranking-page"),
      (m) => m.RankingPage,
    ),
  },
  {
    path: paths.profile,
    component: page(
      () => import("@/features/profile/pages/profile-page"),
      (m) => m.ProfilePage,
    ),
  },
  {
    path: paths.history,
    component: page(
      () => import("@/features/history/pages/history-page"),
      (m) => m.HistoryPage,
    ),
  },
  {
    path: paths.settings,
    component: page(
      () => import("@/features/settings/pages/settings-page"),
      (m) => m.SettingsPage,
    ),
  },
];
