import { displayName, isAdmin } from "@common/schemas/auth";
import { LogOut, Settings } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { UserAvatar } from "@/components/user-avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { paths } from "@/config/paths";
import { useUser } from "@/lib/auth";
import { useLogout } from "@/features/auth/api/logout";

export function UserMenu() {
  const { data: user } = useUser();
  const logout = useLogout();
  const [, navigate] = useLocation();
  const { t } = useTranslation("common");
  if (!user) return null;
  const name = displayName(user);
  return (
    // not modal: a modal menu hides the page from screen readers while its links stay focusable (axe aria-hidden-focus)
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        aria-label={t("frame.userMenu", { name })}
      >
        <UserAvatar user={user} className="size-9" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex items-center gap-3 py-2">
          <UserAvatar user={user} className="size-9" />
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-semibold">{name}</span>
            <span className="truncate text-xs font-normal text-muted-foreground">
              {user.email || t("frame.emailUnavailable")}
            </span>
            <span className="mt-1 w-fit rounded bg-primary/10 px-1.5 py-0.5 text-[0.7rem] font-medium text-primary">
              {isAdmin(user) ? t("frame.admin") : t("frame.user")}
            </span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate(paths.settings)}>
          <Settings />
          {t("frame.settings")}
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut />
          {t("frame.logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
