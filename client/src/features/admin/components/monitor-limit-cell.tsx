import type { PublicUser } from "@common/schemas/auth";
import { monitorLimitSchema } from "@common/schemas/users";
import { zodResolver } from "@hookform/resolvers/zod";
import { Check, Pencil, X } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { translateMessage } from "@/lib/i18n";
import { useUpdateUser } from "../api/update-user";

/** the one field, checked by the rule the server uses; an emptied box reads as missing */
const limitFormSchema = z.object({
  monitorLimit: z.preprocess((v) => (v === "" ? undefined : v), monitorLimitSchema),
});

/** Inline editing of one user's monitor limit (1–100): Enter saves, Escape cancels. */
export function MonitorLimitCell({ user }: { user: PublicUser }) {
  const [editing, setEditing] = useState(false);
  const form = useForm<{ monitorLimit: unknown }, unknown, z.output<typeof limitFormSchema>>({
    resolver: zodResolver(limitFormSchema),
  });
  const update = useUpdateUser();
  const { t } = useTranslation(["admin", "common"]);
  const error = form.formState.errors.monitorLimit;

  const cancel = () => {
    setEditing(false);
    form.reset();
  };
  const save = form.handleSubmit(({ monitorLimit }) => {
    if (monitorLimit === user.monitorLimit) return cancel();
    update.mutate({ id: user.id, monitorLimit }, { onSuccess: cancel });
  });

  if (!editing) {
    return (
      <div className="flex items-center gap-1">
        <span data-testid="monitor-limit" className="min-w-6 font-medium tabular-nums">
          {user.monitorLimit}
        </span>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t("monitorLimit.edit", { username: user.username })}
          onClick={() => {
            form.reset({ monitorLimit: String(user.monitorLimit) });
            setEditing(true);
          }}
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
          {...form.register("monitorLimit", { onChange: () => form.clearErrors("monitorLimit") })}
          onKeyDown={(e) => {
            if (e.key === "Enter") void save();
            if (e.key === "Escape") cancel();
          }}
        />
        <Button
          size="icon-sm"
          aria-label={t("monitorLimit.save")}
          onClick={() => void save()}
          disabled={update.isPending}
        >
          <Check />
        </Button>
        <Button variant="ghost" size="icon-sm" aria-label={t("common:actions.cancel")} onClick={cancel}>
          <X />
        </Button>
      </div>
      {error && (
        <p className="text-xs text-destructive">
          {translateMessage(error.message ?? t("monitorLimit.invalid"))}
        </p>
      )}
    </div>
  );
}
