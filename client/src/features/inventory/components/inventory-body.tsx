import type { InventoryItem } from "@common/schemas/inventory";
import { AlertCircle, LockKeyhole, Package, Plus, SearchX } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import type { ViewMode } from "./inventory-toolbar";
import { ItemCard } from "./item-card";

interface InventoryBodyProps {
  items: InventoryItem[] | null | undefined;
  visible: InventoryItem[];
  isLoading: boolean;
  error: Error | null;
  view: ViewMode;
  onRetry: () => void;
  onAdd: () => void;
  onClearFilters: () => void;
  onSell: (item: InventoryItem) => void;
  onChangeStatus: (item: InventoryItem) => void;
  onEdit: (item: InventoryItem) => void;
  onDelete: (item: InventoryItem) => void;
  deletingId: number | null;
}

export function InventoryBody(props: InventoryBodyProps) {
  if (props.isLoading) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-72 rounded-xl" />
        ))}
      </div>
    );
  }
  if (props.error) {
    return (
      <EmptyState
        icon={AlertCircle}
        title="Erro ao carregar inventário"
        description={props.error.message}
        action={<Button onClick={props.onRetry}>Tentar Novamente</Button>}
      />
    );
  }
  if (props.items === null || props.items === undefined) {
    return (
      <EmptyState
        icon={LockKeyhole}
        title="Autenticação necessária"
        description="Inicie sessão para ver e gerir o seu inventário."
      />
    );
  }
  if (props.items.length === 0) {
    return (
      <EmptyState
        icon={Package}
        title="Inventário Vazio"
        description="Registe os artigos que comprou para revender e acompanhe o lucro de cada venda."
        action={
          <Button onClick={props.onAdd}>
            <Plus />
            Adicionar Primeiro Item
          </Button>
        }
      />
    );
  }
  if (props.visible.length === 0) {
    return (
      <EmptyState
        icon={SearchX}
        title="Nenhum item encontrado"
        description="Nenhum item corresponde à pesquisa ou ao estado escolhido."
        action={
          <Button variant="outline" onClick={props.onClearFilters}>
            Limpar Filtros
          </Button>
        }
      />
    );
  }
  return (
    <div
      className={cn(
        "grid gap-3 md:gap-4",
        props.view === "grid" ? "md:grid-cols-2 xl:grid-cols-3" : "grid-cols-1",
      )}
    >
      {props.visible.map((item) => (
        <ItemCard
          key={item.id}
          item={item}
          layout={props.view}
          onSell={() => props.onSell(item)}
          onChangeStatus={() => props.onChangeStatus(item)}
          onEdit={() => props.onEdit(item)}
          onDelete={() => props.onDelete(item)}
          isDeleting={props.deletingId === item.id}
        />
      ))}
    </div>
  );
}
