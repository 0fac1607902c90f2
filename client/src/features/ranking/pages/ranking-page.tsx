import { Trophy } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";

export function RankingPage() {
  return (
    <PageShell>
      <PageHeader title="Ranking" subtitle="Classificação dos vendedores por lucro" />
      <EmptyState
        icon={Trophy}
        title="Nenhum usuário com vendas encontrado"
        description="A classificação aparece quando houver vendas registadas."
      />
    </PageShell>
  );
}
