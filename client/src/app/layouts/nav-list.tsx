import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { isActivePath, type NavItem } from "@/config/navigation";
import { cn } from "@/lib/utils";

interface NavListProps {
  items: NavItem[];
  onNavigate?: () => void;
}

export function NavList({ items, onNavigate }: NavListProps) {
  const [location] = useLocation();
  const { t } = useTranslation("common");
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => {
        const active = isActivePath(item, location);
        const Icon = item.icon;
        return (
          <li key={item.path}>
            <Link
              href={item.path}
              onClick={onNavigate}
              aria-current={active ? "page" : undefined}
              className={cn(
                "group flex items-center gap-3 rounded-lg px-3 py-2 transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                active
                  ? "bg-sidebar-accent text-sidebar-accent-foreground"
                  : "text-sidebar-foreground hover:bg-muted hover:text-foreground",
              )}
            >
              <span
                className={cn(
                  "flex size-9 shrink-0 items-center justify-center rounded-md transition-colors",
                  active
                    ? "bg-primary text-primary-foreground shadow-sm"
                    : "bg-muted text-muted-foreground group-hover:text-foreground",
                )}
              >
                <Icon className="size-4" />
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="truncate text-sm font-medium">{t(`nav.${item.page}.label`)}</span>
                <span className="truncate text-xs text-muted-foreground">
                  {t(`nav.${item.page}.subtitle`)}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
