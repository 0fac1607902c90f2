import type { Sale } from "@common/schemas/sales";
import { Trash2 } from "lucide-react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { useDeleteSale } from "../api/delete-sale";

export function DeleteSaleButton({ sale }: { sale: Sale }) {
  const remove = useDeleteSale();
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="icon-sm"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          aria-label={`Remover venda de ${sale.item?.name ?? "item"}`}
          disabled={remove.isPending}
        >
          <Trash2 />
        </Button>
      }
      title="Remover venda?"
      description="A venda é apagada e o item volta ao inventário como Em Stock."
      confirmLabel="Remover"
      destructive
      onConfirm={() => remove.mutate(sale.id)}
    />
  );
}
