import { createFormatter } from "@common/format";
import { displayName } from "@common/schemas/auth";
import { type AcceptInviteInput, acceptInviteSchema } from "@common/schemas/invites";
import { zodResolver } from "@hookform/resolvers/zod";
import { AlertCircle, Loader2 } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Link, useLocation } from "wouter";
import { FormField } from "@/components/form-field";
import { PageSpinner } from "@/components/spinner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { paths } from "@/config/paths";
import { ApiError, errorMessage } from "@/lib/http";
import { browserLanguage } from "@/lib/i18n";
import { useAcceptInvite, useInviteCheck } from "../api/invite";
import { AuthLayout } from "../components/auth-layout";

type Field = keyof AcceptInviteInput;

function InviteForm({ token }: { token: string }) {
  const { t } = useTranslation(["auth", "admin"]);
  const [, navigate] = useLocation();
  const form = useForm<AcceptInviteInput>({
    resolver: zodResolver(acceptInviteSchema),
    defaultValues: { username: "", password: "", confirmPassword: "" },
  });
  const accept = useAcceptInvite(token, {
    onSuccess: (user) => {
      toast.success(t("invite.welcome", { name: displayName(user) }));
      navigate(paths.home, { replace: true });
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    accept.mutate(values, {
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        if (error.status === 409) form.setError("username", { message: error.serverMessage });
        for (const field of error.errors) form.setError(field.path as Field, { message: field.message });
      },
    }),
  );
  const field = (name: Field, label: string, type: string, autoComplete: string) => (
    <FormField id={`invite-${name}`} label={label} error={errors[name]?.message}>
      <Input
        id={`invite-${name}`}
        type={type}
        autoComplete={autoComplete}
        className="h-10"
        aria-invalid={errors[name] ? true : undefined}
        {...form.register(name)}
      />
    </FormField>
  );
  const fieldFailed =
    accept.error instanceof ApiError && (accept.error.status === 409 || accept.error.errors.length);
  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      {field("username", t("invite.username"), "text", "username")}
      {field("password", t("invite.password"), "password", "new-password")}
      {field("confirmPassword", t("invite.confirmPassword"), "password", "new-password")}
      {accept.isError && !fieldFailed && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2.5 text-sm text-destructive"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" />
          <span>{errorMessage(accept.error, t("invite.failed"))}</span>
        </div>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={accept.isPending}>
        {accept.isPending && <Loader2 className="animate-spin" />}
        {t("invite.submit")}
      </Button>
    </form>
  );
}

/** /invite/<token>, answered without a session: the invited person picks a name and password. */
export function InvitePage({ token }: { token: string }) {
  const { t } = useTranslation(["auth", "admin"]);
  const check = useInviteCheck(token);
  const f = createFormatter({ language: browserLanguage() });
  const backToLogin = (
    <Link href={paths.login} className="underline underline-offset-4 hover:text-foreground">
      {t("invite.toLogin")}
    </Link>
  );
  if (check.isPending)
    return (
      <AuthLayout title={t("invite.title")} subtitle="">
        <PageSpinner />
      </AuthLayout>
    );
  if (check.isError) {
    return (
      <AuthLayout title={t("invite.unusableTitle")} subtitle={t("invite.unusableHelp")} footer={backToLogin}>
        <p role="alert" className="text-sm font-medium text-destructive">
          {errorMessage(check.error, t("invite.failed"))}
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={t("invite.title")}
      subtitle={t("invite.subtitle", {
        role: t(`admin:role.${check.data.role}`),
        date: f.date(check.data.expiresAt),
      })}
      footer={backToLogin}
    >
      <InviteForm token={token} />
    </AuthLayout>
  );
}
