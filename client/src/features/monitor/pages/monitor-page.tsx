import { Activity } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";

export function MonitorPage() {
  return (
    <PageShell>
      <PageHeader title="Monitor" subtitle="Monitorização de stock dos seus produtos" />
      <EmptyState
        icon={Activity}
        title="Nenhum produto monitorizado"
        description="Os produtos que acompanhar aparecem aqui, com o estado do stock de cada um."
      />
    </PageShell>
  );
}
