import {
  Activity,
  BarChart3,
  History,
  type LucideIcon,
  Package,
  Receipt,
  Settings,
  ShieldCheck,
  ShoppingCart,
  Trophy,
} from "lucide-react";
import { type AppPath, paths } from "./paths";

/** a page of the navigation: its label and subtitle are `common:nav.<page>.label` and `.subtitle` */
export type NavPage =
  | "status"
  | "monitor"
  | "inventory"
  | "sales"
  | "expenses"
  | "ranking"
  | "history"
  | "admin"
  | "settings";

export interface NavItem {
  page: NavPage;
  path: AppPath;
  icon: LucideIcon;
}

const baseItems: NavItem[] = [
  { page: "status", path: paths.home, icon: BarChart3 },
  { page: "monitor", path: paths.monitor, icon: Activity },
  { page: "inventory", path: paths.inventory, icon: Package },
  { page: "sales", path: paths.sales, icon: ShoppingCart },
  { page: "expenses", path: paths.expenses, icon: Receipt },
  { page: "ranking", path: paths.ranking, icon: Trophy },
  { page: "history", path: paths.history, icon: History },
];

const adminItem: NavItem = {
  page: "admin",
  path: paths.admin,
  icon: ShieldCheck,
};
const settingsItem: NavItem = {
  page: "settings",
  path: paths.settings,
  icon: Settings,
};

/** admins get Admin just before Configurações */
export function navigationFor(isAdmin: boolean): NavItem[] {
  return isAdmin ? [...baseItems, adminItem, settingsItem] : [...baseItems, settingsItem];
}

/** "/" and "/status" are the same screen; a page under a menu entry (/sales/summary) lights it */
export function isActivePath(item: NavItem, location: string): boolean {
  if (item.path === paths.home) return location === paths.home || location === paths.status;
  return location === item.path || location.startsWith(`${item.path}/`);
}

export const APP_VERSION = "v1.0";
