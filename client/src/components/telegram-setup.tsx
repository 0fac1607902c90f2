import {
  type TelegramChat,
  type TelegramChats,
  type TelegramChatsRequest,
  telegramWebhookUrl,
} from "@common/schemas/telegram";
import { useMutation } from "@tanstack/react-query";
import { Bot, CircleAlert, Loader2, Search } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { apiRequest, errorMessage } from "@/lib/http";
import { translateMessage } from "@/lib/i18n";

const findChats = (input: TelegramChatsRequest) =>
  apiRequest<TelegramChats>("POST", "/api/telegram/chats", input);

/** one conversation the bot has seen, with the button that makes it the alerts' destination */
function ChatRow({ chat, onUse }: { chat: TelegramChat; onUse: () => void }) {
  const { t } = useTranslation("common");
  return (
    <li className="flex items-center justify-between gap-3 rounded-md border bg-card px-3 py-2">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">{chat.title}</p>
        <p className="text-xs text-muted-foreground">{t(`telegramSetup.kinds.${chat.kind}`)}</p>
      </div>
      <Button type="button" size="sm" onClick={onUse}>
        {t("telegramSetup.use")}
      </Button>
    </li>
  );
}

/**
 * "Telegram" beside a webhook field: the bot's token, then the conversations it has seen (whoever
 * sent it /start, its groups and channels), found by the server; picking one fills the field with
 * the Bot API address the Telegram channel delivers to. Nothing is saved here: the field's own form
 * saves it.
 */
export function TelegramSetup({ onPick, disabled }: { onPick: (url: string) => void; disabled?: boolean }) {
  const { t } = useTranslation("common");
  const [open, setOpen] = useState(false);
  const [token, setToken] = useState("");
  const find = useMutation({ mutationFn: findChats });
  const answer = find.data;
  const failure = find.error ? errorMessage(find.error, t("telegramSetup.failed")) : null;

  const search = () => {
    if (token.trim() !== "") find.mutate({ token: token.trim() });
  };
  const use = (chat: TelegramChat) => {
    onPick(telegramWebhookUrl(token, chat.id));
    setOpen(false);
  };
  const change = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setToken("");
      find.reset();
    }
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" className="shrink-0" disabled={disabled}>
          <Bot />
          {t("telegramSetup.button")}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("telegramSetup.title")}</DialogTitle>
          <DialogDescription>{t("telegramSetup.description")}</DialogDescription>
        </DialogHeader>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
          <li>{t("telegramSetup.step1")}</li>
          <li>{t("telegramSetup.step2")}</li>
          <li>{t("telegramSetup.step3")}</li>
        </ol>
        <FormField id="telegram-token" label={t("telegramSetup.token")}>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="telegram-token"
              value={token}
              autoComplete="off"
              spellCheck={false}
              placeholder="123456789:AAH…" // i18n-ignore: a token's shape
              onChange={(e) => setToken(e.target.value)}
              onKeyDown={(e) => {
                // the dialog may sit inside another form (the product modal): Enter searches here
                if (e.key === "Enter") {
                  e.preventDefault();
                  search();
                }
              }}
            />
            <Button
              type="button"
              variant="secondary"
              className="shrink-0"
              onClick={search}
              disabled={find.isPending || token.trim() === ""}
            >
              {find.isPending ? <Loader2 className="animate-spin" /> : <Search />}
              {t("telegramSetup.find")}
            </Button>
          </div>
        </FormField>
        <div role="status" aria-live="polite" className="grid gap-2 empty:hidden">
          {find.isPending && <p className="text-sm text-muted-foreground">{t("telegramSetup.finding")}</p>}
          {!find.isPending && (failure || (answer && !answer.ok)) && (
            <p className="flex items-start gap-1.5 text-sm font-medium text-destructive [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0">
              <CircleAlert />
              {/* the server's words, in pt-PT */}
              <span>{translateMessage(failure ?? answer?.message ?? "")}</span>
            </p>
          )}
          {!find.isPending && answer?.ok && (
            <>
              <p className="text-sm text-muted-foreground">{t("telegramSetup.found", { bot: answer.bot })}</p>
              <ul className="grid max-h-64 gap-2 overflow-y-auto" aria-label={t("telegramSetup.chats")}>
                {answer.chats.map((chat) => (
                  <ChatRow key={chat.id} chat={chat} onUse={() => use(chat)} />
                ))}
              </ul>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
