import { isAdmin } from "@common/schemas/auth";
import { useTranslation } from "react-i18next";
import { APP_VERSION, navigationFor } from "@/config/navigation";
import { useUser } from "@/lib/auth";
import { NavList } from "./nav-list";

/**
 * Wider than 768 px only (the header's drawer takes over below); from 769 to 1100 px it keeps only
 * its icons (64 px), so an 800 px window leaves the page 736 px instead of 544.
 */
export function Sidebar() {
  const { data: user } = useUser();
  const { t } = useTranslation("common");
  return (
    // the outer column stretches with the page so the sidebar's colour runs its full height;
    // the navigation inside stays in view while the page scrolls
    <div className="hidden w-16 shrink-0 border-r border-sidebar-border bg-sidebar md:block wide:w-64 print:hidden">
      <aside
        aria-label={t("frame.mainNavigation")}
        className="sticky top-16 flex h-[calc(100dvh-4rem)] flex-col"
      >
        <nav className="flex-1 overflow-y-auto p-2 wide:p-3">
          <p className="sr-only px-3 pt-2 pb-3 text-xs font-medium wide:not-sr-only tracking-wider text-muted-foreground uppercase">
            {t("frame.menu")}
          </p>
          <NavList items={navigationFor(isAdmin(user))} collapsible />
        </nav>
        <div className="flex items-center justify-center border-t border-sidebar-border px-1 py-3 text-xs text-muted-foreground wide:justify-between wide:px-5">
          {/* i18n-ignore: the brand */}
          <span className="hidden wide:inline">Stock Monitor</span>
          <span className="rounded-full bg-muted px-2 py-0.5 font-medium">{APP_VERSION}</span>
        </div>
      </aside>
    </div>
  );
}
