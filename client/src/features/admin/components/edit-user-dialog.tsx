import type { PublicUser } from "@common/schemas/auth";
import { type UpdateUserInput, updateUserSchema } from "@common/schemas/users";
import { Copy, KeyRound, Loader2, Pencil, ShieldOff } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog";
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
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { useUser } from "@/lib/auth";
import { ApiError } from "@/lib/http";
import { useRemoveTwoFactor } from "../api/remove-two-factor";
import { useResetPassword } from "../api/reset-password";
import { useUpdateUser } from "../api/update-user";

interface EditValues {
  fullName: string;
  email: string;
  role: "admin" | "user";
  password: string;
  active: boolean;
}

const valuesOf = (user: PublicUser): EditValues => ({
  fullName: user.fullName ?? "",
  email: user.email ?? "",
  role: user.role,
  password: "",
  active: !user.disabledAt,
});

/** only what the admin changed is sent: a typed password, a role, the account on or off */
function changesOf(user: PublicUser, v: EditValues): UpdateUserInput {
  const before = valuesOf(user);
  return {
    ...(v.fullName !== before.fullName ? { fullName: v.fullName.trim() || null } : {}),
    ...(v.email !== before.email ? { email: v.email.trim() } : {}),
    ...(v.role !== before.role ? { role: v.role } : {}),
    ...(v.password ? { password: v.password } : {}),
    ...(v.active !== before.active ? { disabled: !v.active } : {}),
  };
}

/** the generated password, shown this once with a copy button */
function GeneratedPassword({ password }: { password: string }) {
  const { t } = useTranslation("admin");
  return (
    <div
      className="grid gap-2 rounded-md border border-primary/40 bg-primary/5 p-3"
      data-testid="generated-password"
    >
      <p className="text-sm font-medium">{t("editUser.generatedTitle")}</p>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded bg-background px-2 py-1 font-mono text-base">
          {password}
        </code>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            navigator.clipboard
              ?.writeText(password)
              .then(() => toast.success(t("editUser.copied")))
              .catch(() => {})
          }
        >
          <Copy />
          {t("editUser.copy")}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{t("editUser.generatedHint")}</p>
    </div>
  );
}

/** a user with 2FA who lost the phone and the recovery codes: removed here, after a confirmation */
function TwoFactorRemoval({ user }: { user: PublicUser }) {
  const { t } = useTranslation("admin");
  const remove = useRemoveTwoFactor();
  if (!user.twoFactorEnabled) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3 sm:col-span-2">
      <div className="grid gap-1">
        <p className="text-sm font-medium">{t("editUser.twoFactor")}</p>
        <p className="text-xs text-muted-foreground">{t("editUser.twoFactorHint")}</p>
      </div>
      <ConfirmDialog
        trigger={
          <Button type="button" variant="outline" size="sm" disabled={remove.isPending}>
            {remove.isPending ? <Loader2 className="animate-spin" /> : <ShieldOff />}
            {t("editUser.twoFactorRemove")}
          </Button>
        }
        title={t("editUser.twoFactorRemoveTitle", { username: user.username })}
        description={t("editUser.twoFactorRemoveDescription")}
        confirmLabel={t("editUser.twoFactorRemove")}
        destructive
        onConfirm={() => remove.mutate(user.id)}
      />
    </div>
  );
}

/** Admin: a user's name, e-mail, role and password, and the account on or off (books kept). */
export function EditUserDialog({ user }: { user: PublicUser }) {
  const [open, setOpen] = useState(false);
  const [generated, setGenerated] = useState<string | null>(null);
  const { data: me } = useUser();
  const self = me?.id === user.id;
  const { t } = useTranslation(["admin", "common"]);
  const form = useForm<EditValues>({ defaultValues: valuesOf(user) });
  const update = useUpdateUser();
  const reset = useResetPassword();
  const { errors } = form.formState;

  const close = (next: boolean) => {
    setOpen(next);
    if (!next) setGenerated(null);
    form.reset(valuesOf(user));
  };

  const submit = form.handleSubmit((values) => {
    const changes = changesOf(user, values);
    const checked = updateUserSchema.safeParse(changes);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        form.setError(issue.path[0] as keyof EditValues, { message: issue.message });
      }
      return;
    }
    if (Object.keys(changes).length === 0) return close(false);
    update.mutate(
      { id: user.id, ...changes },
      {
        onSuccess: () => close(false),
        onError: (error) => {
          for (const field of error instanceof ApiError ? error.errors : []) {
            form.setError(field.path as keyof EditValues, { message: field.message });
          }
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t("editUser.ariaLabel", { username: user.username })}
        >
          <Pencil />
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("editUser.title", { username: user.username })}</DialogTitle>
          <DialogDescription>{t("editUser.description")}</DialogDescription>
        </DialogHeader>
        <form id={`edit-user-${user.id}`} noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={submit}>
          <FormField id="edit-fullName" label={t("createUser.fullName")} error={errors.fullName?.message}>
            <Input id="edit-fullName" autoComplete="off" {...form.register("fullName")} />
          </FormField>
          <FormField id="edit-email" label={t("createUser.email")} error={errors.email?.message}>
            <Input id="edit-email" type="email" autoComplete="off" {...form.register("email")} />
          </FormField>
          <FormField id="edit-role" label={t("createUser.role")} error={errors.role?.message}>
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="edit-role">
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
            id="edit-password"
            label={t("editUser.newPassword")}
            error={errors.password?.message}
            hint={t("editUser.newPasswordHint")}
          >
            <Input
              id="edit-password"
              type="password"
              autoComplete="new-password"
              {...form.register("password")}
            />
          </FormField>
          <div className="grid gap-2 sm:col-span-2">
            <Button
              type="button"
              variant="outline"
              className="justify-self-start"
              disabled={reset.isPending}
              onClick={() => reset.mutate(user.id, { onSuccess: ({ password }) => setGenerated(password) })}
            >
              {reset.isPending ? <Loader2 className="animate-spin" /> : <KeyRound />}
              {t("editUser.generate")}
            </Button>
            {generated && <GeneratedPassword password={generated} />}
          </div>
          <TwoFactorRemoval user={user} />
          <div className="flex items-start justify-between gap-4 rounded-md border p-3 sm:col-span-2">
            <div className="grid gap-1">
              <Label htmlFor="edit-active">{t("editUser.active")}</Label>
              <p className="text-xs text-muted-foreground">
                {self ? t("editUser.activeSelf") : t("editUser.activeHint")}
              </p>
            </div>
            <Controller
              control={form.control}
              name="active"
              render={({ field }) => (
                <Switch
                  id="edit-active"
                  checked={field.value}
                  disabled={self}
                  onCheckedChange={field.onChange}
                />
              )}
            />
          </div>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            {generated ? t("common:actions.close") : t("common:actions.cancel")}
          </Button>
          <Button type="submit" form={`edit-user-${user.id}`} disabled={update.isPending}>
            {update.isPending && <Loader2 className="animate-spin" />}
            {t("common:actions.save")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
