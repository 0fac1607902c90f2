/**
 * The pt-PT catalogues, one JSON file per namespace (a namespace per feature, `common` for the frame
 * and shared components, `messages` for the texts that come from the shared schemas and the server,
 * keyed by their pt-PT wording). pt-PT is the source: its texts are the product's, exactly. It is
 * bundled with the app; en and es are loaded when a reader needs them (lib/i18n.ts).
 */
import ptAdmin from "./pt/admin.json";
import ptAuth from "./pt/auth.json";
import ptCommon from "./pt/common.json";
import ptHistory from "./pt/history.json";
import ptInventory from "./pt/inventory.json";
import ptMessages from "./pt/messages.json";
import ptMonitor from "./pt/monitor.json";
import ptProfile from "./pt/profile.json";
import ptRanking from "./pt/ranking.json";
import ptExpenses from "./pt/expenses.json";
import ptSales from "./pt/sales.json";
import ptSettings from "./pt/settings.json";
import ptStatus from "./pt/status.json";

export const pt = {
  common: ptCommon,
  auth: ptAuth,
  monitor: ptMonitor,
  inventory: ptInventory,
  sales: ptSales,
  expenses: ptExpenses,
  status: ptStatus,
  history: ptHistory,
  ranking: ptRanking,
  profile: ptProfile,
  settings: ptSettings,
  admin: ptAdmin,
  messages: ptMessages,
};

export type Catalogue = { [namespace in keyof typeof pt]: Record<string, unknown> };
