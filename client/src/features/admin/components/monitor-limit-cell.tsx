import type { PublicUser } from "@common/schemas/auth";
import { monitorLimitSchema } from "@common/schemas/users";
import { Check, Pencil, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { translateMessage } from "@/lib/i18n";
import { useUpdateUser } from "../api/update-user";

/** Inline editing of one user's monitor limit (1–100): Enter saves, Escape cancels. */
export function MonitorLimitCell({ user }: { user: PublicUser }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateUser();
  const { t } = useTranslation(["admin", "common"]);

  const cancel = () => {
    setDraft(null);
    setError(null);
  };
  const save = () => {
    const parsed = monitorLimitSchema.safeParse(draft === "" ? undefined : draft);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? t("monitorLimit.invalid"));
    if (parsed.data === user.monitorLimit) return cancel();
    update.mutate({ id: user.id, monitorLimit: parsed.data }, { onSuccess: cancel });
  };

  if (draft === null) {
    return (
      <div className="flex items-center gap-1">
        <span data-testid="monitor-limit" className="min-w-6 font-medium tabular-nums">
          {user.monitorLimit}
        </span>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t("monitorLimit.edit", { username: user.username })}
          onClick={() => setDraft(String(user.monitorLimit))}
        >
          <Pencil />
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-1">
        <Input
          type="number"
          min={1}
          max={100}
          autoFocus
          aria-label={t("monitorLimit.input", { username: user.username })}
          aria-invalid={error ? true : undefined}
          className="h-8 w-20 tabular-nums"
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") save();
            if (e.key === "Escape") cancel();
          }}
        />
        <Button size="icon-sm" aria-label={t("monitorLimit.save")} onClick={save} disabled={update.isPending}>
          <Check />
        </Button>
        <Button variant="ghost" size="icon-sm" aria-label={t("common:actions.cancel")} onClick={cancel}>
          <X />
        </Button>
      </div>
      {error && <p className="text-xs text-destructive">{translateMessage(error)}</p>}
    </div>
  );
}
