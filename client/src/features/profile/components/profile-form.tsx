import type { PublicUser } from "@common/schemas/auth";
import { isAdmin } from "@common/schemas/auth";
import { type UpdateProfileInput, updateProfileSchema } from "@common/schemas/users";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useUpdateProfile } from "@/lib/auth";
import { translateMessage } from "@/lib/i18n";

type ProfileValues = z.output<typeof updateProfileSchema>;

const formValues = (user: PublicUser): UpdateProfileInput => ({
  fullName: user.fullName ?? "",
  email: user.email ?? "",
});

/** Name and email are the user's to change; username and role only an admin's (read-only here). */
export function ProfileForm({ user }: { user: PublicUser }) {
  const form = useForm<UpdateProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: formValues(user),
  });
  const save = useUpdateProfile({ onSuccess: (saved) => form.reset(formValues(saved)) });
  const { errors, isDirty } = form.formState;
  const { t } = useTranslation(["profile", "common"]);

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit(({ fullName, email }) => save.mutate({ fullName, email }))}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="profile-username" label={t("form.username")} hint={t("form.usernameHint")}>
          <Input id="profile-username" value={user.username} readOnly disabled />
        </FormField>
        <FormField id="profile-role" label={t("form.role")} hint={t("form.roleHint")}>
          <Input
            id="profile-role"
            value={isAdmin(user) ? t("roles.admin") : t("roles.user")}
            readOnly
            disabled
          />
        </FormField>
        <FormField
          id="profile-fullName"
          label={t("form.fullName")}
          error={translateMessage(errors.fullName?.message ?? "")}
        >
          <Input
            id="profile-fullName"
            autoComplete="name"
            aria-invalid={errors.fullName ? true : undefined}
            {...form.register("fullName")}
          />
        </FormField>
        <FormField
          id="profile-email"
          label={t("form.email")}
          error={translateMessage(errors.email?.message ?? "")}
        >
          <Input
            id="profile-email"
            type="email"
            autoComplete="email"
            aria-invalid={errors.email ? true : undefined}
            {...form.register("email")}
          />
        </FormField>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="outline"
          disabled={!isDirty || save.isPending}
          onClick={() => form.reset(formValues(user))}
        >
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={!isDirty || save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" />}
          {t("common:actions.save")}
        </Button>
      </div>
    </form>
  );
}
