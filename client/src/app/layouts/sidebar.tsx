import { isAdmin } from "@common/schemas/auth";
import { useTranslation } from "react-i18next";
import { APP_VERSION, navigationFor } from "@/config/navigation";
import { useUser } from "@/lib/auth";
import { NavList } from "./nav-list";

/** Wider than 768 px only (the header's drawer takes over below). */
export function Sidebar() {
  const { data: user } = useUser();
  const { t } = useTranslation("common");
  return (
    // the outer column stretches with the page so the sidebar's colour runs its full height;
    // the navigation inside stays in view while the page scrolls
    <div className="hidden w-64 shrink-0 border-r border-sidebar-border bg-sidebar md:block">
      <aside
        aria-label={t("frame.mainNavigation")}
        className="sticky top-16 flex h-[calc(100dvh-4rem)] flex-col"
      >
        <nav className="flex-1 overflow-y-auto p-3">
          <p className="px-3 pt-2 pb-3 text-xs font-medium tracking-wider text-muted-foreground uppercase">
            {t("frame.menu")}
          </p>
          <NavList items={navigationFor(isAdmin(user))} />
        </nav>
        <div className="flex items-center justify-between border-t border-sidebar-border px-5 py-3 text-xs text-muted-foreground">
          {/* i18n-ignore: the brand */}
          <span>Stock Monitor</span>
          <span className="rounded-full bg-muted px-2 py-0.5 font-medium">{APP_VERSION}</span>
        </div>
      </aside>
    </div>
  );
}
