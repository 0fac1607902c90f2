import { type LoginInput, loginSchema } from "@common/schemas/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { AlertCircle, Loader2, Lock, User } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/http";
import { translateMessage } from "@/lib/i18n";
import { useLogin } from "../api/login";
import type { PublicUser } from "@common/schemas/auth";

interface LoginFormProps {
  onSuccess: (user: PublicUser) => void;
  /** the account has 2FA: the code step comes next */
  onChallenge: (challenge: string) => void;
}

export function LoginForm({ onSuccess, onChallenge }: LoginFormProps) {
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "" },
  });
  const login = useLogin({ onSuccess, onChallenge });
  const { errors } = form.formState;
  const { t } = useTranslation("auth");

  return (
    <form className="grid gap-5" noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
      <div className="grid gap-2">
        <Label htmlFor="username">{t("username")}</Label>
        <div className="relative">
          <User className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id="username"
            autoComplete="username"
            autoFocus
            placeholder={t("usernamePlaceholder")}
            className="h-10 pl-9"
            aria-invalid={errors.username ? true : undefined}
            {...form.register("username")}
          />
        </div>
        {errors.username && (
          <p className="text-sm text-destructive">{translateMessage(errors.username.message ?? "")}</p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="password">{t("password")}</Label>
        <div className="relative">
          <Lock className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id="password"
            type="password"
            autoComplete="current-password"
            placeholder={t("passwordPlaceholder")}
            className="h-10 pl-9"
            aria-invalid={errors.password ? true : undefined}
            {...form.register("password")}
          />
        </div>
        {errors.password && (
          <p className="text-sm text-destructive">{translateMessage(errors.password.message ?? "")}</p>
        )}
      </div>
      {login.isError && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2.5 text-sm text-destructive"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" />
          <span>{errorMessage(login.error, t("loginFailed"))}</span>
        </div>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {login.isPending && <Loader2 className="animate-spin" />}
        {login.isPending ? t("loggingIn") : t("logIn")}
      </Button>
    </form>
  );
}
