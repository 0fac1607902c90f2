/**
 * Every route of the app; routes have no path parameters (the public invite page is invitePath's),
 * a few take a query (the yearly summary's ?year=).
 */
export const paths = {
  home: "/",
  status: "/status",
  monitor: "/monitor",
  /** ?comprei=<monitor id>: the new-item dialog opens filled from that monitor */
  inventory: "/inventory",
  sales: "/sales",
  /** ?year=yyyy */
  salesYearSummary: "/sales/summary",
  expenses: "/expenses",
  admin: "/admin",
  staffAdmin: "/staff-admin",
  ranking: "/ranking",
  profile: "/profile",
  history: "/history",
  settings: "/settings",
  login: "/login",
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** the public page of one invite link: /invite/<token> */
export const INVITE_PREFIX = "/invite/";
