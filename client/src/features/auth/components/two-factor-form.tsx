import type { PublicUser } from "@common/schemas/auth";
import { type LoginTwoFactorInput, loginTwoFactorSchema } from "@common/schemas/two-factor";
import { zodResolver } from "@hookform/resolvers/zod";
import { AlertCircle, ArrowLeft, KeyRound, Loader2 } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/http";
import { translateMessage } from "@/lib/i18n";
import { useLoginTwoFactor } from "../api/login";

interface TwoFactorFormProps {
  challenge: string;
  onSuccess: (user: PublicUser) => void;
  /** back to the password step (the challenge is left to expire) */
  onBack: () => void;
}

/** the login's second step: the app's six digits, or one of the recovery codes */
export function TwoFactorForm({ challenge, onSuccess, onBack }: TwoFactorFormProps) {
  const { t } = useTranslation("auth");
  const form = useForm<LoginTwoFactorInput>({
    resolver: zodResolver(loginTwoFactorSchema),
    defaultValues: { challenge, code: "" },
  });
  const verify = useLoginTwoFactor({ onSuccess });
  const { errors } = form.formState;

  return (
    <form
      className="grid gap-5"
      noValidate
      data-testid="two-factor-login"
      onSubmit={form.handleSubmit((values) =>
        verify.mutate(values, { onSettled: () => form.setValue("code", "") }),
      )}
    >
      <div className="grid gap-2">
        <Label htmlFor="two-factor-login-code">{t("twoFactor.code")}</Label>
        <div className="relative">
          <KeyRound className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id="two-factor-login-code"
            autoFocus
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            className="h-10 pl-9 font-mono tracking-widest"
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={errors.code ? undefined : "two-factor-login-hint"}
            {...form.register("code")}
          />
        </div>
        {errors.code ? (
          <p className="text-sm text-destructive">{translateMessage(errors.code.message ?? "")}</p>
        ) : (
          <p id="two-factor-login-hint" className="text-sm text-muted-foreground">
            {t("twoFactor.hint")}
          </p>
        )}
      </div>
      {verify.isError && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2.5 text-sm text-destructive"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" />
          <span>{errorMessage(verify.error, t("loginFailed"))}</span>
        </div>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
        {verify.isPending && <Loader2 className="animate-spin" />}
        {verify.isPending ? t("loggingIn") : t("twoFactor.submit")}
      </Button>
      <Button type="button" variant="ghost" className="justify-self-center" onClick={onBack}>
        <ArrowLeft />
        {t("twoFactor.back")}
      </Button>
    </form>
  );
}
