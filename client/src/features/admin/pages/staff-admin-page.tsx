import { UserCog } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { ADMIN_PANEL_DENIED } from "../components/access-denied";
import { AdminOnly } from "../components/admin-only";

export function StaffAdminPage() {
  return (
    <AdminOnly deniedMessage={ADMIN_PANEL_DENIED}>
      <PageShell>
        <PageHeader title="Painel de Administração" subtitle="Utilizadores e limites de monitores" />
        <EmptyState
          icon={UserCog}
          title="Sem utilizadores para mostrar"
          description="Os utilizadores da instalação e os seus limites de monitores aparecem aqui."
        />
      </PageShell>
    </AdminOnly>
  );
}
