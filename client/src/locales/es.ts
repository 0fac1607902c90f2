/** The Spanish catalogues: the same keys as pt.ts (catalogues.test.ts), in a chunk of their own. */
import type { Catalogue } from "./pt";
import esAdmin from "./es/admin.json";
import esAuth from "./es/auth.json";
import esCommon from "./es/common.json";
import esHistory from "./es/history.json";
import esInventory from "./es/inventory.json";
import esMessages from "./es/messages.json";
import esMonitor from "./es/monitor.json";
import esProfile from "./es/profile.json";
import esRanking from "./es/ranking.json";
import esExpenses from "./es/expenses.json";
import esSales from "./es/sales.json";
import esSettings from "./es/settings.json";
import esStatus from "./es/status.json";

export const es: Catalogue = {
  common: esCommon,
  auth: esAuth,
  monitor: esMonitor,
  inventory: esInventory,
  sales: esSales,
  expenses: esExpenses,
  status: esStatus,
  history: esHistory,
  ranking: esRanking,
  profile: esProfile,
  settings: esSettings,
  admin: esAdmin,
  messages: esMessages,
};
