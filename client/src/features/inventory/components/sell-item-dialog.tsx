import type { InventoryItem } from "@common/schemas/inventory";
import { createSaleSchema } from "@common/schemas/sales";
import { useState } from "react";
import { toast } from "sonner";
import { emptySaleFields, SaleFields, saleDateFrom, type SaleFieldValues } from "@/components/sale-fields";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { ApiError, errorMessage } from "@/lib/http";
import { fieldErrors, withoutErrors } from "@/lib/zod-errors";
import { useSellItem } from "../api/sell-item";

interface SellItemDialogProps {
  item: InventoryItem | null;
  onClose: () => void;
}

export function SellItemDialog({ item, onClose }: SellItemDialogProps) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="overflow-x-hidden sm:max-w-lg">
        {item && <SellItemForm item={item} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function SellItemForm({ item, onDone }: { item: InventoryItem; onDone: () => void }) {
  const [values, setValues] = useState<SaleFieldValues>(emptySaleFields);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sell = useSellItem();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!values.saleDay) return setErrors({ saleDate: "Data da venda obrigatória" });
    const parsed = createSaleSchema.safeParse({
      ...values,
      inventoryItemId: item.id,
      saleDate: saleDateFrom(values.saleDay),
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    const { profit: _ignored, saleDate, ...body } = parsed.data;
    sell.mutate(
      { ...body, saleDate: saleDate?.toISOString() },
      {
        onSuccess: () => {
          toast.success("Venda registrada com sucesso!");
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(fieldErrors(error.errors));
          toast.error("Falha ao registrar venda", { description: errorMessage(error, "Erro desconhecido") });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
      <DialogHeader>
        <DialogTitle>Registrar Venda</DialogTitle>
        <DialogDescription className="truncate">{item.name}</DialogDescription>
      </DialogHeader>
      <SaleFields
        idPrefix="sell"
        values={values}
        onChange={(change) => {
          setValues((v) => ({ ...v, ...change }));
          setErrors((e) => withoutErrors(e, [...Object.keys(change), "saleDate"]));
        }}
        errors={errors}
        cost={item}
        platformRequired
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={sell.isPending}>
          Cancelar
        </Button>
        <Button type="submit" variant="success" disabled={sell.isPending}>
          {sell.isPending ? "A registar..." : "Registrar Venda"}
        </Button>
      </DialogFooter>
    </form>
  );
}
