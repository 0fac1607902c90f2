import { displayName } from "@common/schemas/auth";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { useLocation } from "wouter";
import { paths } from "@/config/paths";
import { AuthLayout } from "../components/auth-layout";
import { LoginForm } from "../components/login-form";

export function LoginPage() {
  const [, navigate] = useLocation();
  const { t } = useTranslation("auth");
  return (
    <AuthLayout title={t("title")} subtitle={t("subtitle")} footer={t("noAccount")}>
      <LoginForm
        onSuccess={(user) => {
          toast.success(t("loggedIn"), {
            description: t("welcome", { name: displayName(user) }),
          });
          navigate(paths.home, { replace: true });
        }}
      />
    </AuthLayout>
  );
}
