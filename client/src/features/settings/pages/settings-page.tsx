import { isAdmin } from "@common/schemas/auth";
import { Globe, KeyRound, Server, SlidersHorizontal, TriangleAlert, UserRound } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { PageSpinner } from "@/components/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useUser } from "@/lib/auth";
import { errorMessage } from "@/lib/http";
import { useSettings } from "../api/get-settings";
import { ApiTab } from "../components/api-tab";
import { FeePresetsCard } from "../components/fee-presets-card";
import { GlobalTab } from "../components/global-tab";
import { ProfileTab } from "../components/profile-tab";
import { RestoreDefaultsButton } from "../components/restore-defaults-button";
import { SettingsSummary } from "../components/settings-summary";
import { SystemTab } from "../components/system-tab";
import { UserTab } from "../components/user-tab";

function PerformanceWarning() {
  const { t } = useTranslation("settings");
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-xl border border-warning/40 bg-warning/10 p-4 text-sm"
    >
      <TriangleAlert className="mt-0.5 size-5 shrink-0 text-warning" />
      <div className="space-y-1">
        <p className="font-semibold">{t("page.warningTitle")}</p>
        <p className="text-muted-foreground">{t("page.warning")}</p>
      </div>
    </div>
  );
}

export function SettingsPage() {
  const { data: user } = useUser();
  const { data: settings, isLoading, error } = useSettings();
  // remounting the tabs drops unsaved edits after "Restaurar Padrões"
  const [generation, setGeneration] = useState(0);
  const admin = isAdmin(user);
  const { t } = useTranslation("settings");

  return (
    <PageShell className="max-w-5xl">
      <PageHeader
        title={t("page.title")}
        subtitle={t("page.subtitle")}
        actions={
          <RestoreDefaultsButton
            admin={admin}
            emailConfigured={settings?.emailConfigured ?? true}
            onRestored={() => setGeneration((g) => g + 1)}
          />
        }
      />
      {isLoading || !user ? (
        <PageSpinner />
      ) : error || !settings ? (
        <p className="text-sm text-destructive">{errorMessage(error, t("page.loadFailed"))}</p>
      ) : (
        <>
          <SettingsSummary settings={settings} admin={admin} />
          <Tabs key={generation} defaultValue="profile">
            <TabsList
              className={`grid w-full ${admin ? "grid-cols-5" : "grid-cols-3"} sm:inline-flex sm:w-fit`}
            >
              <TabsTrigger value="profile" className="px-1.5 sm:px-3 [&_svg]:hidden sm:[&_svg]:block">
                <UserRound />
                {t("page.tabs.profile")}
              </TabsTrigger>
              {/* the installation's own settings (backups, metrics, log level) are the admin's alone */}
              {admin && (
                <TabsTrigger value="global" className="px-1.5 sm:px-3 [&_svg]:hidden sm:[&_svg]:block">
                  <Globe />
                  {t("page.tabs.global")}
                </TabsTrigger>
              )}
              {admin && (
                <TabsTrigger value="system" className="px-1.5 sm:px-3 [&_svg]:hidden sm:[&_svg]:block">
                  <Server />
                  {t("page.tabs.system")}
                </TabsTrigger>
              )}
              <TabsTrigger value="user" className="px-1.5 sm:px-3 [&_svg]:hidden sm:[&_svg]:block">
                <SlidersHorizontal />
                {t("page.tabs.user")}
              </TabsTrigger>
              <TabsTrigger value="api" className="px-1.5 sm:px-3 [&_svg]:hidden sm:[&_svg]:block">
                <KeyRound />
                {t("page.tabs.api")}
              </TabsTrigger>
            </TabsList>
            <TabsContent value="profile">
              <ProfileTab key={user.id} user={user} />
            </TabsContent>
            {admin && (
              <TabsContent value="global">
                <GlobalTab saved={settings.global} readOnly={false} />
              </TabsContent>
            )}
            {admin && (
              <TabsContent value="system">
                <SystemTab saved={settings.system} readOnly={false} />
              </TabsContent>
            )}
            <TabsContent value="user" className="space-y-4">
              <UserTab saved={settings.user} emailConfigured={settings.emailConfigured} />
              <FeePresetsCard />
            </TabsContent>
            <TabsContent value="api">
              <ApiTab admin={admin} />
            </TabsContent>
          </Tabs>
          <PerformanceWarning />
        </>
      )}
    </PageShell>
  );
}
