import { displayName, type PublicUser } from "@common/schemas/auth";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { useLocation } from "wouter";
import { AuthLayout } from "../components/auth-layout";
import { LoginForm } from "../components/login-form";
import { TwoFactorForm } from "../components/two-factor-form";
import { returnPath } from "../lib/return-path";

export function LoginPage() {
  const [, navigate] = useLocation();
  const { t } = useTranslation("auth");
  // set when the password was right and the account asks for its code
  const [challenge, setChallenge] = useState<string | null>(null);
  const signedIn = (user: PublicUser) => {
    toast.success(t("loggedIn"), { description: t("welcome", { name: displayName(user) }) });
    // the login screen stands on the address that was asked for (a deep link, an expired session):
    // signing in stays there, a path of this app only
    navigate(returnPath(window.location.pathname, window.location.search), { replace: true });
  };
  if (challenge) {
    return (
      <AuthLayout
        title={t("twoFactor.title")}
        subtitle={t("twoFactor.subtitle")}
        footer={t("twoFactor.footer")}
      >
        <TwoFactorForm challenge={challenge} onSuccess={signedIn} onBack={() => setChallenge(null)} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t("title")} subtitle={t("subtitle")} footer={t("noAccount")}>
      <LoginForm onSuccess={signedIn} onChallenge={setChallenge} />
    </AuthLayout>
  );
}
