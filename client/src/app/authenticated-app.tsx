import { Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { ServerUnreachable } from "@/components/server-unreachable";
import { FullScreenSpinner, PageSpinner } from "@/components/spinner";
import { TooltipProvider } from "@/components/ui/tooltip";
import { paths } from "@/config/paths";
import { useMustEnrolTwoFactor } from "@/lib/auth";
import { errorMessage } from "@/lib/http";
import { useLiveUpdates } from "@/lib/live-updates";
import { usePlatformsRead } from "@/lib/platforms";
import { useUserLanguage, useUserPreferencesReady } from "@/lib/user-settings";
import { AppLayout } from "./layouts/app-layout";
import { NotFoundPage } from "./not-found-page";
import { appRoutes } from "./routes";

function ScrollToTopOnNavigate() {
  const [location] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolling is the reaction to a new location
  useEffect(() => {
    // braces matter: Chromium's scrollTo now returns a Promise, which React would call as a cleanup
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

function SignedInScreens() {
  // every figure is written in the user's currency and time zone: their settings come first
  const preferencesReady = useUserPreferencesReady();
  // the platforms' names, hosts and id rules, read at the same time: no screen is right without them
  const platforms = usePlatformsRead();
  const { t } = useTranslation("common");
  useUserLanguage();
  const mustEnrol = useMustEnrolTwoFactor();
  // one stream of the user's product changes for as long as they are logged in (and may read them)
  useLiveUpdates(!mustEnrol);
  if (platforms.isError) {
    if (platforms.isFetching) return <FullScreenSpinner />;
    return (
      <ServerUnreachable
        message={errorMessage(platforms.error, t("unknownError"))}
        onRetry={() => platforms.refetch()}
      />
    );
  }
  return (
    <AppLayout>
      <ScrollToTopOnNavigate />
      {preferencesReady && !platforms.isPending ? <Pages mustEnrol={mustEnrol} /> : <PageSpinner />}
    </AppLayout>
  );
}

/** `mustEnrol`: an admin without 2FA while the admins must use it stays on Perfil, where they enrol */
function Pages({ mustEnrol }: { mustEnrol: boolean }) {
  const [location] = useLocation();
  if (mustEnrol && location !== paths.profile) return <Redirect to={paths.profile} replace />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path={paths.login}>
          <Redirect to={paths.home} replace />
        </Route>
        {appRoutes.map(({ path, component }) => (
          <Route key={path} path={path} component={component} />
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

/**
 * Everything a signed-in person sees: the frame, its live updates and the screens. A chunk of its
 * own, so the login screen loads none of it.
 */
export function AuthenticatedApp() {
  return (
    <TooltipProvider>
      <SignedInScreens />
    </TooltipProvider>
  );
}
