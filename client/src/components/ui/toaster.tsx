import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Toaster as Sonner } from "sonner";
import { useTheme } from "@/lib/theme-provider";
import { useIsMobile } from "@/hooks/use-is-mobile";

/** at most one toast at a time; on phones at the bottom, within the thumb's reach and off the header's menu button */
export function Toaster() {
  const { theme } = useTheme();
  const isMobile = useIsMobile();
  const { t } = useTranslation("common");
  return (
    <Sonner
      theme={theme}
      visibleToasts={1}
      position={isMobile ? "bottom-center" : "top-center"}
      closeButton
      containerAriaLabel={t("toaster.container")}
      richColors
      toastOptions={{
        classNames: { toast: "font-sans shadow-lg" },
        closeButtonAriaLabel: t("toaster.close"),
      }}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
        } as React.CSSProperties
      }
    />
  );
}

export { toast } from "sonner";
