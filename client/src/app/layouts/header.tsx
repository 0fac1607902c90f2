import { BarChart3, Settings } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { paths } from "@/config/paths";
import { Brand } from "./brand";
import { MobileDrawer } from "./mobile-drawer";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "./user-menu";

export function Header() {
  const { t } = useTranslation("common");
  return (
    <header className="print:hidden sticky top-0 z-40 flex h-16 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:px-5">
      <MobileDrawer />
      <Brand hideNameOnMobile />
      <div className="ml-auto flex items-center gap-1 sm:gap-1.5">
        <Button variant="outline" size="sm" asChild className="hidden min-[360px]:inline-flex">
          <Link href={paths.home}>
            <BarChart3 />
            {t("nav.status.label")}
          </Link>
        </Button>
        <ThemeToggle />
        <Tooltip>
          <TooltipTrigger asChild>
            <Button variant="ghost" size="icon" asChild>
              <Link href={paths.settings} aria-label={t("frame.settings")}>
                <Settings />
              </Link>
            </Button>
          </TooltipTrigger>
          <TooltipContent>{t("frame.settings")}</TooltipContent>
        </Tooltip>
        <div className="ml-1">
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
