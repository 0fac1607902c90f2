import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { isActivePath, type NavItem } from "@/config/navigation";
import { cn } from "@/lib/utils";

interface NavListProps {
  items: NavItem[];
  onNavigate?: () => void;
  /**
   * the sidebar's list: from 769 to 1100 px only the icons show (the label and subtitle stay the
   * link's accessible name, and a tooltip says the label); from 1101 px the whole entry
   */
  collapsible?: boolean;
}

export function NavList({ items, onNavigate, collapsible = false }: NavListProps) {
  const [location] = useLocation();
  const { t } = useTranslation("common");
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => {
        const active = isActivePath(item, location);
        const Icon = item.icon;
        const label = t(`nav.${item.page}.label`);
        const link = (
          <Link
            href={item.path}
            onClick={onNavigate}
            aria-current={active ? "page" : undefined}
            className={cn(
              "group flex items-center gap-3 rounded-lg px-3 py-2 transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
              collapsible && "justify-center px-1 wide:justify-start wide:px-3",
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
            <span
              data-slot="nav-text"
              className={cn("flex min-w-0 flex-col", collapsible && "sr-only wide:not-sr-only")}
            >
              <span className="truncate text-sm font-medium">{label}</span>
              <span className="truncate text-xs text-muted-foreground">{t(`nav.${item.page}.subtitle`)}</span>
            </span>
          </Link>
        );
        return (
          <li key={item.path}>
            {collapsible ? (
              <Tooltip>
                <TooltipTrigger asChild>{link}</TooltipTrigger>
                {/* only while the labels are hidden; the wide sidebar shows them */}
                <TooltipContent side="right" className="wide:hidden">
                  {label}
                </TooltipContent>
              </Tooltip>
            ) : (
              link
            )}
          </li>
        );
      })}
    </ul>
  );
}
