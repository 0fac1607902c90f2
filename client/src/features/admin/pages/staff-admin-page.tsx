import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { PageSpinner } from "@/components/spinner";
import { errorMessage } from "@/lib/http";
import { useAdminUsers } from "../api/get-users";
import { ADMIN_PANEL_DENIED } from "../components/access-denied";
import { AdminOnly } from "../components/admin-only";
import { CreateUserDialog } from "../components/create-user-dialog";
import { InviteDialog } from "../components/invite-dialog";
import { PendingInvites } from "../components/pending-invites";
import { StaffStats } from "../components/staff-stats";
import { StaffUsersTable } from "../components/staff-users-table";

function StaffAdminContent() {
  const { data: users, isLoading, error } = useAdminUsers();
  const { t } = useTranslation("admin");
  return (
    <PageShell>
      <PageHeader
        title={t("staff.title")}
        subtitle={t("staff.subtitle")}
        actions={
          <>
            <InviteDialog />
            <CreateUserDialog />
          </>
        }
      />
      {isLoading ? (
        <PageSpinner />
      ) : error || !users ? (
        <p className="text-sm text-destructive">{errorMessage(error, t("users.loadFailed"))}</p>
      ) : (
        <>
          <StaffStats users={users} />
          <StaffUsersTable users={users} />
          <PendingInvites />
        </>
      )}
    </PageShell>
  );
}

export function StaffAdminPage() {
  return (
    <AdminOnly deniedMessage={ADMIN_PANEL_DENIED}>
      <StaffAdminContent />
    </AdminOnly>
  );
}
