import { Loader2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

export function Spinner({ className }: { className?: string }) {
  return <Loader2 aria-hidden className={cn("size-6 animate-spin text-primary", className)} />;
}

/** shown while the current user loads */
export function FullScreenSpinner({ label }: { label?: string }) {
  const { t } = useTranslation("common");
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-background">
      <Spinner className="size-8" />
      <p className="text-sm text-muted-foreground">{label ?? t("actions.loading")}</p>
    </div>
  );
}

/** a route chunk is loading inside the frame */
export function PageSpinner() {
  const { t } = useTranslation("common");
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center">
      <Spinner />
      <span className="sr-only">{t("actions.loading")}</span>
    </div>
  );
}
