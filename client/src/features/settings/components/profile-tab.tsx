import type { PublicUser } from "@common/schemas/auth";
import { isAdmin } from "@common/schemas/auth";
import { type UpdateProfileInput, updateProfileSchema } from "@common/schemas/users";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Save } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { useUpdateProfile } from "@/lib/auth";
import { translateMessage } from "@/lib/i18n";
import { AvatarPicker } from "./avatar-picker";

type ProfileValues = z.output<typeof updateProfileSchema>;

export function ProfileTab({ user }: { user: PublicUser }) {
  const form = useForm<UpdateProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(updateProfileSchema),
    // an empty avatar clears the photo on the server
    defaultValues: { fullName: user.fullName ?? "", email: user.email ?? "", avatar: user.avatar ?? "" },
  });
  const { errors } = form.formState;
  const save = useUpdateProfile();
  const { t } = useTranslation("settings");
  // the fields as typed (the server reads "" as "none"), once the shared schema accepts them
  const submit = form.handleSubmit(() => save.mutate(form.getValues()));

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("profile.title")}</CardTitle>
        <CardDescription>{t("profile.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Controller
          control={form.control}
          name="avatar"
          render={({ field }) => (
            <AvatarPicker user={user} value={field.value || null} onChange={(v) => field.onChange(v ?? "")} />
          )}
        />
        {errors.avatar && (
          <p className="text-xs font-medium text-destructive">
            {translateMessage(errors.avatar.message ?? "")}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="settings-fullName"
            label={t("profile.fullName")}
            error={translateMessage(errors.fullName?.message ?? "")}
          >
            <Input id="settings-fullName" {...form.register("fullName")} />
          </FormField>
          <FormField
            id="settings-email"
            label={t("profile.email")}
            error={translateMessage(errors.email?.message ?? "")}
          >
            <Input id="settings-email" type="email" {...form.register("email")} />
          </FormField>
          <FormField id="settings-username" label={t("profile.username")}>
            <Input id="settings-username" value={user.username} readOnly disabled />
          </FormField>
          <FormField id="settings-role" label={t("profile.role")}>
            <Input
              id="settings-role"
              value={isAdmin(user) ? t("profile.roles.admin") : t("profile.roles.user")}
              readOnly
              disabled
            />
          </FormField>
        </div>
      </CardContent>
      <CardFooter className="justify-end">
        <Button onClick={() => void submit()} disabled={save.isPending}>
          {save.isPending ? <Loader2 className="animate-spin" /> : <Save />}
          {t("profile.save")}
        </Button>
      </CardFooter>
    </Card>
  );
}
