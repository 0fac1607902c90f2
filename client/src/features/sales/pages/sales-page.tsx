import { ShoppingCart } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";

export function SalesPage() {
  return (
    <PageShell>
      <PageHeader title="Vendas" subtitle="Registo de vendas" />
      <EmptyState
        icon={ShoppingCart}
        title="Ainda não há vendas"
        description="As vendas que registar aparecem aqui, com o lucro de cada uma."
      />
    </PageShell>
  );
}
