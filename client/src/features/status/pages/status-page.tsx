import { BarChart3 } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";

export function StatusPage() {
  return (
    <PageShell>
      <PageHeader title="Status" subtitle="Análise do perfil" />
      <EmptyState
        icon={BarChart3}
        title="Ainda não há dados para analisar"
        description="Quando registar compras e vendas, o resumo do seu perfil aparece aqui."
      />
    </PageShell>
  );
}
