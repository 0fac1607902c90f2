import type * as React from "react";
import { Toaster as Sonner } from "sonner";
import { useTheme } from "@/app/theme-provider";

/** at most one toast at a time */
export function Toaster() {
  const { theme } = useTheme();
  return (
    <Sonner
      theme={theme}
      visibleToasts={1}
      position="top-center"
      closeButton
      richColors
      toastOptions={{ classNames: { toast: "font-sans shadow-lg" } }}
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
