import { Smartphone } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useIsMobile } from "@/hooks/use-is-mobile";
import { isAppleMobile, isInstalled, useInstallPrompt } from "@/lib/install-app";

const DISMISSED_KEY = "stock-monitor-install-hint-dismissed";

/**
 * On a phone, until installed or dismissed: Android's browsers install from the button; iOS has no
 * prompt, so the hint says where Safari's "Adicionar ao ecrã principal" is, and that push alerts
 * reach an iPhone only in the installed app.
 */
export function InstallHint() {
  const { t } = useTranslation("status");
  const isMobile = useIsMobile();
  const { available, install } = useInstallPrompt();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED_KEY) === "1");
  const apple = isAppleMobile();
  if (!isMobile || dismissed || isInstalled() || !(available || apple)) return null;
  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, "1");
    setDismissed(true);
  };
  return (
    <Card role="region" aria-label={t("install.title")} className="flex-row items-start gap-3 p-4">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <Smartphone className="size-4" />
      </span>
      <div className="min-w-0 flex-1 space-y-2">
        <p className="font-medium">{t("install.title")}</p>
        <p className="text-sm text-muted-foreground">{apple ? t("install.apple") : t("install.android")}</p>
        <div className="flex flex-wrap gap-2">
          {!apple && (
            <Button size="sm" onClick={() => install().then((accepted) => accepted && dismiss())}>
              {t("install.install")}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={dismiss}>
            {t("install.later")}
          </Button>
        </div>
      </div>
    </Card>
  );
}
