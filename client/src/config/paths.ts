/** Every route of the app; routes have no parameters (the public invite page is invitePath's). */
export const paths = {
  home: "/",
  status: "/status",
  monitor: "/monitor",
  inventory: "/inventory",
  sales: "/sales",
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
