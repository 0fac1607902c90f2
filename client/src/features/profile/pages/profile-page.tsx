import { displayName, isAdmin } from "@common/schemas/auth";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { UserAvatar } from "@/components/user-avatar";
import { useMustEnrolTwoFactor, useUser } from "@/lib/auth";
import { useFormat } from "@/lib/user-settings";
import { AdminWarningCard } from "../components/admin-warning-card";
import { PasswordCard } from "../components/password-card";
import { PermissionsCard } from "../components/permissions-card";
import { ProfileForm } from "../components/profile-form";
import { SessionsCard } from "../components/sessions-card";
import { TwoFactorCard } from "../components/two-factor-card";

export function ProfilePage() {
  const { data: user } = useUser();
  const f = useFormat();
  const { t } = useTranslation("profile");
  const mustEnrol = useMustEnrolTwoFactor();
  // an admin sent here to enrol sees the card at once
  useEffect(() => {
    if (mustEnrol) document.getElementById("two-factor")?.scrollIntoView({ block: "start" });
  }, [mustEnrol]);
  if (!user) return null;
  const admin = isAdmin(user);
  return (
    <PageShell className="max-w-4xl">
      <PageHeader title={t("page.title")} subtitle={t("page.subtitle")} />
      <Card>
        <CardHeader className="flex items-center gap-4">
          <UserAvatar user={user} letters={2} className="size-14 text-lg" />
          <div className="min-w-0 space-y-1">
            <CardTitle className="truncate text-lg">{displayName(user)}</CardTitle>
            <CardDescription>
              {t("page.memberSince", { username: user.username, date: f.date(user.createdAt) })}
            </CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <ProfileForm key={user.id} user={user} />
        </CardContent>
      </Card>
      <PasswordCard />
      <TwoFactorCard required={mustEnrol} />
      <SessionsCard />
      <PermissionsCard admin={admin} />
      {admin && <AdminWarningCard />}
    </PageShell>
  );
}
