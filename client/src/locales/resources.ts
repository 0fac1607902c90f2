/**
 * The catalogues, one JSON file per language and namespace (a namespace per feature, `common` for the
 * frame and shared components, `messages` for the texts that come from the shared schemas and the
 * server, keyed by their pt-PT wording). pt-PT is the source: its texts are SPEC's, exactly; en and
 * es must hold the same keys (locales/catalogues.test.ts).
 */
import enAdmin from "./en/admin.json";
import enAuth from "./en/auth.json";
import enCommon from "./en/common.json";
import enHistory from "./en/history.json";
import enInventory from "./en/inventory.json";
import enMessages from "./en/messages.json";
import enMonitor from "./en/monitor.json";
import enProfile from "./en/profile.json";
import enRanking from "./en/ranking.json";
import enSales from "./en/sales.json";
import enSettings from "./en/settings.json";
import enStatus from "./en/status.json";
import esAdmin from "./es/admin.json";
import esAuth from "./es/auth.json";
import esCommon from "./es/common.json";
import esHistory from "./es/history.json";
import esInventory from "./es/inventory.json";
import esMessages from "./es/messages.json";
import esMonitor from "./es/monitor.json";
import esProfile from "./es/profile.json";
import esRanking from "./es/ranking.json";
import esSales from "./es/sales.json";
import esSettings from "./es/settings.json";
import esStatus from "./es/status.json";
import ptAdmin from "./pt/admin.json";
import ptAuth from "./pt/auth.json";
import ptCommon from "./pt/common.json";
import ptHistory from "./pt/history.json";
import ptInventory from "./pt/inventory.json";
import ptMessages from "./pt/messages.json";
import ptMonitor from "./pt/monitor.json";
import ptProfile from "./pt/profile.json";
import ptRanking from "./pt/ranking.json";
import ptSales from "./pt/sales.json";
import ptSettings from "./pt/settings.json";
import ptStatus from "./pt/status.json";

export const pt = {
  common: ptCommon,
  auth: ptAuth,
  monitor: ptMonitor,
  inventory: ptInventory,
  sales: ptSales,
  status: ptStatus,
  history: ptHistory,
  ranking: ptRanking,
  profile: ptProfile,
  settings: ptSettings,
  admin: ptAdmin,
  messages: ptMessages,
};

export type Catalogue = { [namespace in keyof typeof pt]: Record<string, unknown> };

export const resources: Record<"pt" | "en" | "es", Catalogue> = {
  pt,
  en: {
    common: enCommon,
    auth: enAuth,
    monitor: enMonitor,
    inventory: enInventory,
    sales: enSales,
    status: enStatus,
    history: enHistory,
    ranking: enRanking,
    profile: enProfile,
    settings: enSettings,
    admin: enAdmin,
    messages: enMessages,
  },
  es: {
    common: esCommon,
    auth: esAuth,
    monitor: esMonitor,
    inventory: esInventory,
    sales: esSales,
    status: esStatus,
    history: esHistory,
    ranking: esRanking,
    profile: esProfile,
    settings: esSettings,
    admin: esAdmin,
    messages: esMessages,
  },
};
