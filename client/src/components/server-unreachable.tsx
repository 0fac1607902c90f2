import { RefreshCw, ServerCrash } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";

/** The current user could not be read for a reason other than "not logged in". */
export function ServerUnreachable({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation("common");
  return (
    <div
      role="alert"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background px-6 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <ServerCrash className="size-6" />
      </span>
      <div className="space-y-1">
        <h1 className="text-lg font-semibold">{t("serverUnreachable")}</h1>
        <p className="text-sm text-muted-foreground">{message}</p>
      </div>
      <Button onClick={onRetry}>
        <RefreshCw />
        {t("actions.retry")}
      </Button>
    </div>
  );
}
