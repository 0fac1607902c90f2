import { Package } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";

export function InventoryPage() {
  return (
    <PageShell>
      <PageHeader title="Inventário" subtitle="Gestão de stock" />
      <EmptyState
        icon={Package}
        title="Inventário vazio"
        description="Os artigos que comprar para revender aparecem aqui."
      />
    </PageShell>
  );
}
