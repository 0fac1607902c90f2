import { AlertCircle, Download, Plus, Receipt, Search } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { useIsMobile } from "@/hooks/use-is-mobile";
import { downloadText } from "@/lib/download";
import { useSales } from "../api/get-sales";
import { NewSaleDialog } from "../components/new-sale-dialog";
import { SaleCard } from "../components/sale-card";
import { SalesMobileSummary, SalesSummaryCards } from "../components/sales-summary";
import { SalesTable } from "../components/sales-table";
import { salesCsv, searchSales, summarizeSales } from "../lib/sales-view";

export function SalesPage() {
  const isMobile = useIsMobile();
  const sales = useSales();
  const [search, setSearch] = useState("");
  const [adding, setAdding] = useState(false);
  const all = sales.data ?? [];
  const visible = useMemo(() => searchSales(sales.data ?? [], search), [sales.data, search]);
  const summary = useMemo(() => summarizeSales(sales.data ?? []), [sales.data]);

  const exportCsv = () => {
    const { fileName, text } = salesCsv(visible);
    downloadText(fileName, text);
    toast.success("Exportado", { description: `${visible.length} vendas exportadas para ${fileName}` });
  };

  const body = () => {
    if (sales.isLoading) return <Skeleton className="h-64 rounded-xl" />;
    if (sales.error) {
      return (
        <EmptyState
          icon={AlertCircle}
          title="Erro ao carregar vendas"
          description={sales.error.message}
          action={<Button onClick={() => sales.refetch()}>Tentar Novamente</Button>}
        />
      );
    }
    if (all.length === 0) {
      return (
        <EmptyState
          icon={Receipt}
          title="Ainda não há vendas"
          description="Registe uma venda a partir de um item em stock e o lucro aparece aqui."
          action={
            <Button onClick={() => setAdding(true)}>
              <Plus />
              Nova Venda
            </Button>
          }
        />
      );
    }
    if (visible.length === 0) {
      return (
        <EmptyState
          icon={Search}
          title="Nenhuma venda encontrada"
          description="Tente outro comprador, plataforma ou item."
        />
      );
    }
    return isMobile ? (
      <div className="grid grid-cols-1 gap-3">
        {visible.map((sale) => (
          <SaleCard key={sale.id} sale={sale} />
        ))}
      </div>
    ) : (
      <SalesTable sales={visible} />
    );
  };

  return (
    <PageShell className={isMobile ? "gap-4" : undefined}>
      <PageHeader
        title="Vendas"
        subtitle="Registo de vendas"
        actions={
          <Button onClick={() => setAdding(true)} className={isMobile ? "w-full" : undefined}>
            <Plus />
            Nova Venda
          </Button>
        }
      />
      {isMobile ? <SalesMobileSummary summary={summary} /> : <SalesSummaryCards summary={summary} />}
      <div className="flex gap-2">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            aria-label="Pesquisar vendas"
            placeholder={isMobile ? "Pesquisar vendas..." : "Pesquisar por comprador, plataforma ou item..."}
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <Button
          variant="outline"
          size={isMobile ? "icon" : "default"}
          aria-label="Exportar CSV"
          onClick={exportCsv}
        >
          <Download />
          {!isMobile && "Exportar CSV"}
        </Button>
      </div>
      {body()}
      <NewSaleDialog open={adding} onOpenChange={setAdding} />
    </PageShell>
  );
}
