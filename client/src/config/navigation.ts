import {
  Activity,
  BarChart3,
  History,
  type LucideIcon,
  Package,
  Settings,
  ShieldCheck,
  ShoppingCart,
  Trophy,
} from "lucide-react";
import { type AppPath, paths } from "./paths";

export interface NavItem {
  label: string;
  subtitle: string;
  path: AppPath;
  icon: LucideIcon;
}

const baseItems: NavItem[] = [
  { label: "Status", subtitle: "Análise do perfil", path: paths.home, icon: BarChart3 },
  { label: "Monitor", subtitle: "Monitorização", path: paths.monitor, icon: Activity },
  { label: "Inventário", subtitle: "Gestão de stock", path: paths.inventory, icon: Package },
  { label: "Vendas", subtitle: "Registo de vendas", path: paths.sales, icon: ShoppingCart },
  { label: "Ranking", subtitle: "Classificação", path: paths.ranking, icon: Trophy },
  { label: "Histórico", subtitle: "Atividade recente", path: paths.history, icon: History },
];

const adminItem: NavItem = {
  label: "Admin",
  subtitle: "Gestão de usuários",
  path: paths.admin,
  icon: ShieldCheck,
};
const settingsItem: NavItem = {
  label: "Configurações",
  subtitle: "Personalizar",
  path: paths.settings,
  icon: Settings,
};

/** admins get Admin just before Configurações */
export function navigationFor(isAdmin: boolean): NavItem[] {
  return isAdmin ? [...baseItems, adminItem, settingsItem] : [...baseItems, settingsItem];
}

/** "/" and "/status" are the same screen */
export function isActivePath(item: NavItem, location: string): boolean {
  if (item.path === paths.home) return location === paths.home || location === paths.status;
  return location === item.path;
}

export const APP_VERSION = "v1.0";
