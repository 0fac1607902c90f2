import { type ChangePasswordInput, changePasswordSchema } from "@common/schemas/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, Loader2 } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/http";
import { useChangePassword } from "../api/account";

const empty: ChangePasswordInput = { currentPassword: "", newPassword: "", confirmPassword: "" };
type Field = keyof ChangePasswordInput;

/** Perfil: the current password, then the new one twice; the other devices are signed out. */
export function PasswordCard() {
  const { t } = useTranslation(["profile", "common"]);
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: empty,
  });
  const change = useChangePassword({ onSuccess: () => form.reset(empty) });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onError: (error) => {
        const fields = error instanceof ApiError ? error.errors : [];
        for (const field of fields) form.setError(field.path as Field, { message: field.message });
        if (!fields.length) form.setError("root", { message: errorMessage(error, t("common:unknownError")) });
      },
    }),
  );

  const field = (name: Field, autoComplete: string) => (
    <FormField id={`password-${name}`} label={t(`password.${name}`)} error={errors[name]?.message}>
      <Input
        id={`password-${name}`}
        type="password"
        autoComplete={autoComplete}
        aria-invalid={errors[name] ? true : undefined}
        {...form.register(name)}
      />
    </FormField>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5" />
          {t("password.title")}
        </CardTitle>
        <CardDescription>{t("password.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="grid gap-4" onSubmit={submit} data-testid="password-form">
          <div className="grid gap-4 sm:grid-cols-3">
            {field("currentPassword", "current-password")}
            {field("newPassword", "new-password")}
            {field("confirmPassword", "new-password")}
          </div>
          {errors.root && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.root.message}
            </p>
          )}
          <div className="flex justify-end">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending && <Loader2 className="animate-spin" />}
              {t("password.submit")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
