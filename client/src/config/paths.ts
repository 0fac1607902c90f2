/** Every route of the app; routes have no parameters. */
export const paths = {
  home: "/",
  status: "/status",
  monitor: "/monitor",
  inventory: "/inventory",
  sales: "/sales",
  admin: "/admin",
  staffAdmin: "/staff-admin",
  ranking: "/ranking",
  profile: "/profile",
  history: "/history",
  settings: "/settings",
  login: "/login",
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
