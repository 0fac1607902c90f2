import { Users } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { AdminOnly } from "../components/admin-only";

export function AdminPage() {
  return (
    <AdminOnly>
      <PageShell>
        <PageHeader title="Administração" subtitle="Gestão de usuários e métricas financeiras" />
        <EmptyState
          icon={Users}
          title="Sem dados de administração para mostrar"
          description="A lista de utilizadores e as métricas financeiras aparecem aqui."
        />
      </PageShell>
    </AdminOnly>
  );
}
