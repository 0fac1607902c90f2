import { INVITE_PREFIX, paths } from "@/config/paths";

/**
 * Where signing in leads: the page that was asked for, when it is a path of this app (one leading
 * "/", not "//" or "/\", which a browser reads as another site), else home. The login page itself
 * and an invite link lead home.
 */
export function returnPath(pathname: string, search = ""): string {
  if (!pathname.startsWith("/") || pathname.startsWith("//") || pathname.startsWith("/\\")) return paths.home;
  if (/[\p{Cc}\\]/u.test(pathname + search)) return paths.home;
  if (pathname === paths.login || pathname.startsWith(INVITE_PREFIX)) return paths.home;
  return `${pathname}${search.startsWith("?") ? search : ""}`;
}
