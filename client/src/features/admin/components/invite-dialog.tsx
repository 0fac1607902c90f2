import { type CreateInviteInput, createInviteSchema, INVITE_DAYS } from "@common/schemas/invites";
import { zodResolver } from "@hookform/resolvers/zod";
import { Copy, Link2, Loader2 } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useFormat } from "@/lib/user-settings";
import { inviteLink, useCreateInvite } from "../api/invites";

type InviteValues = z.output<typeof createInviteSchema>;

const emptyForm: CreateInviteInput = { role: "user", monitorLimit: 2, note: "" };

/** the new link, shown this once (only its hash is kept) with a copy button */
function CreatedLink({ link, expiresAt }: { link: string; expiresAt: string }) {
  const { t } = useTranslation("admin");
  const f = useFormat();
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => toast.success(t("invites.copied")),
      () => toast.error(t("invites.copyFailed")),
    );
  return (
    <div role="status" className="grid gap-2 rounded-xl border border-success/40 bg-success/10 p-4 text-sm">
      <p className="font-semibold">{t("invites.createdTitle")}</p>
      <p className="text-muted-foreground">{t("invites.createdHelp", { date: f.date(expiresAt) })}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <code
          data-testid="invite-link"
          className="min-w-0 flex-1 break-all rounded-md bg-background px-3 py-2 font-mono text-xs"
        >
          {link}
        </code>
        <Button type="button" variant="outline" size="sm" onClick={copy}>
          <Copy />
          {t("invites.copy")}
        </Button>
      </div>
    </div>
  );
}

/** Admin: a one-time link (7 days) with the role and monitor limit the new person will have. */
export function InviteDialog() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<{ link: string; expiresAt: string } | null>(null);
  const { t } = useTranslation(["admin", "common"]);
  const form = useForm<CreateInviteInput, unknown, InviteValues>({
    resolver: zodResolver(createInviteSchema),
    defaultValues: emptyForm,
  });
  const create = useCreateInvite();
  const { errors } = form.formState;

  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setCreated(null);
      form.reset(emptyForm);
    }
  };

  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: ({ token, invite }) => setCreated({ link: inviteLink(token), expiresAt: invite.expiresAt }),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Link2 />
          {t("invites.open")}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("invites.title")}</DialogTitle>
          <DialogDescription>{t("invites.description", { days: INVITE_DAYS })}</DialogDescription>
        </DialogHeader>
        {created ? (
          <CreatedLink {...created} />
        ) : (
          <form id="invite-form" noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={submit}>
            <FormField id="invite-role" label={t("createUser.role")} error={errors.role?.message}>
              <Controller
                control={form.control}
                name="role"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger id="invite-role">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="user">{t("role.user")}</SelectItem>
                      <SelectItem value="admin">{t("role.admin")}</SelectItem>
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
            <FormField
              id="invite-limit"
              label={t("createUser.monitorLimit")}
              error={errors.monitorLimit?.message}
              hint={t("createUser.monitorLimitHint")}
            >
              <Input
                id="invite-limit"
                type="number"
                min={1}
                max={100}
                aria-invalid={errors.monitorLimit ? true : undefined}
                {...form.register("monitorLimit")}
              />
            </FormField>
            <FormField
              id="invite-note"
              label={t("invites.note")}
              hint={t("invites.noteHint")}
              error={errors.note?.message}
              className="sm:col-span-2"
            >
              <Input
                id="invite-note"
                autoComplete="off"
                aria-invalid={errors.note ? true : undefined}
                {...form.register("note")}
              />
            </FormField>
          </form>
        )}
        <DialogFooter>
          {created ? (
            <Button onClick={() => close(false)}>{t("invites.done")}</Button>
          ) : (
            <>
              <Button variant="outline" onClick={() => close(false)}>
                {t("common:actions.cancel")}
              </Button>
              <Button type="submit" form="invite-form" disabled={create.isPending}>
                {create.isPending && <Loader2 className="animate-spin" />}
                {t("invites.submit")}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
