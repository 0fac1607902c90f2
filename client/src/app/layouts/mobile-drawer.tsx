import { displayName, isAdmin } from "@common/schemas/auth";
import { LogOut, Menu, UserRound } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { UserAvatar } from "@/components/user-avatar";
import { APP_VERSION, navigationFor } from "@/config/navigation";
import { paths } from "@/config/paths";
import { useUser } from "@/lib/auth";
import { useLogout } from "@/features/auth/api/logout";
import { Brand } from "./brand";
import { NavList } from "./nav-list";

function DrawerUserCard({ onNavigate }: { onNavigate: () => void }) {
  const { data: user } = useUser();
  const logout = useLogout();
  const { t } = useTranslation("common");
  if (!user) {
    return (
      <p className="rounded-lg bg-muted px-3 py-3 text-sm text-muted-foreground">
        {t("frame.notAuthenticated")}
      </p>
    );
  }
  return (
    <div className="space-y-3 rounded-xl border bg-card p-3">
      <div className="flex items-center gap-3">
        <UserAvatar user={user} letters={2} className="size-10" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold">{displayName(user)}</p>
          <p className="truncate text-xs text-muted-foreground">
            {isAdmin(user) ? t("frame.administrator") : t("frame.user")}
          </p>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" size="sm" asChild>
          <Link href={paths.profile} onClick={onNavigate}>
            <UserRound />
            {t("frame.profile")}
          </Link>
        </Button>
        <Button variant="outline" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
          <LogOut />
          {t("frame.logout")}
        </Button>
      </div>
    </div>
  );
}

/** The navigation on 768 px or less: a slide-in drawer that closes whenever the route changes. */
export function MobileDrawer() {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const { data: user } = useUser();
  const { t } = useTranslation("common");

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new location
  useEffect(() => {
    setOpen(false);
  }, [location]);

  const close = () => setOpen(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label={t("frame.openMenu")}>
          <Menu className="size-5" />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" className="w-[85%] max-w-xs gap-0 p-0" aria-describedby={undefined}>
        <div className="flex h-16 items-center border-b px-4">
          <Brand />
          <SheetTitle className="sr-only">{t("frame.drawerTitle")}</SheetTitle>
          <SheetDescription className="sr-only">{t("frame.drawerDescription")}</SheetDescription>
        </div>
        <nav aria-label={t("frame.mobileNavigation")} className="flex-1 overflow-y-auto p-3">
          <NavList items={navigationFor(isAdmin(user))} onNavigate={close} />
        </nav>
        <div className="space-y-3 border-t p-3">
          <DrawerUserCard onNavigate={close} />
          {/* i18n-ignore: the brand and the version */}
          <p className="text-center text-xs text-muted-foreground">Stock Monitor · {APP_VERSION}</p>
        </div>
      </SheetContent>
    </Sheet>
  );
}
