/** The English catalogues: the same keys as pt.ts (catalogues.test.ts), in a chunk of their own. */
import type { Catalogue } from "./pt";
import enAdmin from "./en/admin.json";
import enAuth from "./en/auth.json";
import enCommon from "./en/common.json";
import enHistory from "./en/history.json";
import enInventory from "./en/inventory.json";
import enMessages from "./en/messages.json";
import enMonitor from "./en/monitor.json";
import enProfile from "./en/profile.json";
import enRanking from "./en/ranking.json";
import enExpenses from "./en/expenses.json";
import enSales from "./en/sales.json";
import enSettings from "./en/settings.json";
import enStatus from "./en/status.json";

export const en: Catalogue = {
  common: enCommon,
  auth: enAuth,
  monitor: enMonitor,
  inventory: enInventory,
  sales: enSales,
  expenses: enExpenses,
  status: enStatus,
  history: enHistory,
  ranking: enRanking,
  profile: enProfile,
  settings: enSettings,
  admin: enAdmin,
  messages: enMessages,
};
