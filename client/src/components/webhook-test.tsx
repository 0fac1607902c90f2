import type { WebhookTestInput, WebhookTestResult } from "@common/schemas/webhooks";
import { useMutation } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, Loader2, Send } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { TelegramSetup } from "@/components/telegram-setup";
import { Button } from "@/components/ui/button";
import { apiRequest, errorMessage } from "@/lib/http";
import { translateMessage } from "@/lib/i18n";
import { cn } from "@/lib/utils";

const testWebhook = (input: WebhookTestInput) =>
  apiRequest<WebhookTestResult>("POST", "/api/webhooks/test", input);

interface WebhookTestProps {
  /** the field's text as it is now (saved or not) */
  url: string;
  /** the webhook field the button sits beside */
  children: ReactNode;
  /** a read-only field (another's setting): no test either */
  disabled?: boolean;
  /** the field takes an address from the Telegram setup helper (telegram-setup.tsx) */
  onTelegram?: (url: string) => void;
}

/**
 * A webhook field with "Testar webhook" beside it: the server sends a test message there and its
 * answer is shown under the field ("Mensagem de teste enviada (HTTP 204)", a timeout, a refusal).
 * With `onTelegram`, "Telegram" beside it fills the field from the bot's conversations.
 * The modal and Settings → Utilizador both use it.
 */
export function WebhookTest({ url, children, disabled, onTelegram }: WebhookTestProps) {
  const { t } = useTranslation("common");
  const test = useMutation({ mutationFn: testWebhook });
  // the answer belongs to the address that was tested: editing the field hides it
  const [answer, setAnswer] = useState<{ url: string; ok: boolean; message: string } | null>(null);
  const current = url.trim();
  const shown = answer && answer.url === current ? answer : null;

  const run = () =>
    test.mutate(
      { url: current },
      {
        onSuccess: (result) => setAnswer({ url: current, ok: result.ok, message: result.message }),
        onError: (error) =>
          setAnswer({ url: current, ok: false, message: errorMessage(error, t("webhookTest.failed")) }),
      },
    );

  return (
    <div className="space-y-1.5">
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="min-w-0 flex-1">{children}</div>
        <Button
          type="button"
          variant="outline"
          className="shrink-0"
          onClick={run}
          disabled={disabled || test.isPending || current === ""}
        >
          {test.isPending ? <Loader2 className="animate-spin" /> : <Send />}
          {t("webhookTest.button")}
        </Button>
        {onTelegram && <TelegramSetup onPick={onTelegram} disabled={disabled} />}
      </div>
      <p
        role="status"
        data-testid="webhook-test-answer"
        className={cn(
          "flex items-start gap-1.5 text-xs font-medium empty:hidden [&_svg]:mt-px [&_svg]:size-3.5 [&_svg]:shrink-0",
          shown?.ok ? "text-success" : "text-destructive",
        )}
      >
        {test.isPending ? (
          <span className="text-muted-foreground">{t("webhookTest.sending")}</span>
        ) : (
          shown && (
            <>
              {shown.ok ? <CircleCheck /> : <CircleAlert />}
              {/* the server's answer, in pt-PT */}
              <span>{translateMessage(shown.message)}</span>
            </>
          )
        )}
      </p>
    </div>
  );
}
