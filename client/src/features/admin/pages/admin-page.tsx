import { PiggyBank, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AdminOnly } from "../components/admin-only";
import { FinancialMetricsPanel } from "../components/financial-metrics-panel";
import { PendingInvites } from "../components/pending-invites";
import { UsersTable } from "../components/users-table";

export function AdminPage() {
  const { t } = useTranslation("admin");
  return (
    <AdminOnly>
      <PageShell>
        <PageHeader title={t("page.title")} subtitle={t("page.subtitle")} />
        <Tabs defaultValue="users">
          <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-10 sm:w-fit">
            <TabsTrigger
              value="users"
              className="whitespace-normal py-1.5 sm:whitespace-nowrap [&_svg]:hidden sm:[&_svg]:block"
            >
              <Users />
              {t("page.usersTab")}
            </TabsTrigger>
            <TabsTrigger
              value="metrics"
              className="whitespace-normal py-1.5 sm:whitespace-nowrap [&_svg]:hidden sm:[&_svg]:block"
            >
              <PiggyBank />
              {t("page.metricsTab")}
            </TabsTrigger>
          </TabsList>
          {/* one column of minmax(0, 1fr): the users table scrolls inside its card, the page keeps its width */}
          <TabsContent value="users" className="grid grid-cols-1 gap-6">
            <UsersTable />
            <PendingInvites />
          </TabsContent>
          <TabsContent value="metrics">
            <FinancialMetricsPanel />
          </TabsContent>
        </Tabs>
      </PageShell>
    </AdminOnly>
  );
}
