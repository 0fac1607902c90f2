import { History } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";

export function HistoryPage() {
  return (
    <PageShell>
      <PageHeader title="Histórico" subtitle="Atividade recente" />
      <EmptyState
        icon={History}
        title="Sem atividade registada"
        description="As verificações de stock, notificações e erros aparecem aqui."
      />
    </PageShell>
  );
}
