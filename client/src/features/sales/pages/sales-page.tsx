import { AlertCircle, Download, Plus, Receipt, Search } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { SearchField } from "@/components/toolbar";
import { Skeleton } from "@/components/ui/skeleton";
import { useIsMobile } from "@/hooks/use-is-mobile";
import { downloadFromServer } from "@/lib/download";
import { errorMessage } from "@/lib/http";
import { useFormat } from "@/lib/user-settings";
import { useSales } from "@/lib/books-queries";
import { NewSaleDialog } from "../components/new-sale-dialog";
import { SaleCard } from "../components/sale-card";
import { SalesMobileSummary, SalesSummaryCards } from "../components/sales-summary";
import { SalesTable } from "../components/sales-table";
import { searchSales, summarizeSales } from "../lib/sales-view";

export function SalesPage() {
  const isMobile = useIsMobile();
  const sales = useSales();
  const [search, setSearch] = useState("");
  const [adding, setAdding] = useState(false);
  const all = sales.data ?? [];
  const visible = useMemo(() => searchSales(sales.data ?? [], search), [sales.data, search]);
  const f = useFormat();
  const summary = useMemo(() => summarizeSales(sales.data ?? [], f), [sales.data, f]);

  // the server writes the file (dates in the user's zone, amounts in their currency) over the same search
  const exportCsv = async () => {
    const count = visible.length;
    try {
      const query = new URLSearchParams({ search });
      const fileName = await downloadFromServer(`/api/sales/export?${query}`, "vendas.csv");
      toast.success("Exportado", { description: `${count} vendas exportadas para ${fileName}` });
    } catch (error) {
      toast.error("Erro ao exportar", { description: errorMessage(error, "Erro desconhecido") });
    }
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
        <SearchField
          label="Pesquisar vendas"
          placeholder={isMobile ? "Pesquisar vendas..." : "Pesquisar por comprador, plataforma ou item..."}
          value={search}
          onChange={setSearch}
        />
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
