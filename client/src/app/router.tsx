import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { ServerUnreachable } from "@/components/server-unreachable";
import { FullScreenSpinner } from "@/components/spinner";
import { INVITE_PREFIX } from "@/config/paths";
import { LoginPage } from "@/features/auth/pages/login-page";
import { useUser } from "@/lib/auth";
import { errorMessage } from "@/lib/http";

const AuthenticatedApp = lazy(async () => ({
  default: (await import("./authenticated-app")).AuthenticatedApp,
}));

const InvitePage = lazy(async () => ({
  default: (await import("@/features/auth/pages/invite-page")).InvitePage,
}));

/** an invite link is answered with or without a session: whoever opens it is the person invited */
function inviteToken(location: string): string | null {
  if (!location.startsWith(INVITE_PREFIX)) return null;
  return decodeURIComponent(location.slice(INVITE_PREFIX.length).split("/")[0] ?? "") || null;
}

export function AppRouter() {
  const [location] = useLocation();
  const token = inviteToken(location);
  if (token)
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <InvitePage token={token} />
      </Suspense>
    );
  return <SessionRouter />;
}

/** spinner while the user loads, the login screen without one, the routes with one */
function SessionRouter() {
  const { data: user, isLoading, isError, error, refetch, isFetching } = useUser();
  const { t } = useTranslation("common");
  if (isLoading || (isError && isFetching)) return <FullScreenSpinner />;
  if (isError)
    return <ServerUnreachable message={errorMessage(error, t("unknownError"))} onRetry={() => refetch()} />;
  if (!user) return <LoginPage />;
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <AuthenticatedApp />
    </Suspense>
  );
}
