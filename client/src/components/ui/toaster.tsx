import type * as React from "react";
import { useCallback, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Toaster as Sonner } from "sonner";
import { useTheme } from "@/lib/theme-provider";
import { useIsMobile } from "@/hooks/use-is-mobile";

const OPEN_DIALOG = '[role="dialog"], [role="alertdialog"]';

/** whether a dialog is open: Radix mounts each one in a portal, a direct child of the body */
function useDialogOpen(): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    const observer = new MutationObserver(onChange);
    observer.observe(document.body, { childList: true });
    return () => observer.disconnect();
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => document.querySelector(OPEN_DIALOG) !== null,
    () => false,
  );
}

/**
 * A dialog's buttons are at its bottom and its title at its top centre: beside a dialog a phone's
 * toast goes to the top (the dialog scrolls; its submit stays reachable), a wider screen's to the
 * top right, outside the dialog's column.
 */
function toastPosition(isMobile: boolean, dialogOpen: boolean) {
  if (isMobile) return dialogOpen ? "top-center" : "bottom-center";
  return dialogOpen ? "top-right" : "top-center";
}

/**
 * At most one toast at a time; on phones at the bottom, within the thumb's reach and off the
 * header's menu button, except while a dialog is open (see toastPosition).
 */
export function Toaster() {
  const { theme } = useTheme();
  const isMobile = useIsMobile();
  const dialogOpen = useDialogOpen();
  const { t } = useTranslation("common");
  return (
    <Sonner
      theme={theme}
      visibleToasts={1}
      position={toastPosition(isMobile, dialogOpen)}
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
