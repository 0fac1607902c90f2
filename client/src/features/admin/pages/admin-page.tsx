import { PiggyBank, Users } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AdminOnly } from "../components/admin-only";
import { FinancialMetricsPanel } from "../components/financial-metrics-panel";
import { UsersTable } from "../components/users-table";

export function AdminPage() {
  return (
    <AdminOnly>
      <PageShell>
        <PageHeader title="Administração" subtitle="Gestão de usuários e métricas financeiras" />
        <Tabs defaultValue="users">
          <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-10 sm:w-fit">
            <TabsTrigger
              value="users"
              className="whitespace-normal py-1.5 sm:whitespace-nowrap [&_svg]:hidden sm:[&_svg]:block"
            >
              <Users />
              Gestão de Usuários
            </TabsTrigger>
            <TabsTrigger
              value="metrics"
              className="whitespace-normal py-1.5 sm:whitespace-nowrap [&_svg]:hidden sm:[&_svg]:block"
            >
              <PiggyBank />
              Métricas Financeiras
            </TabsTrigger>
          </TabsList>
          <TabsContent value="users">
            <UsersTable />
          </TabsContent>
          <TabsContent value="metrics">
            <FinancialMetricsPanel />
          </TabsContent>
        </Tabs>
      </PageShell>
    </AdminOnly>
  );
}
