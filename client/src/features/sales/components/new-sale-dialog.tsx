import { createSaleSchema } from "@common/schemas/sales";
import { useState } from "react";
import { toast } from "sonner";
import { FormField } from "@/components/form-field";
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { formatEuro } from "@/lib/format";
import { ApiError, errorMessage } from "@/lib/http";
import { fieldErrors, withoutErrors } from "@/lib/zod-errors";
import { useCreateSale } from "../api/create-sale";
import { useItemsInStock } from "../api/get-items-in-stock";

export function NewSaleDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="overflow-x-hidden sm:max-w-lg">
        {open && <NewSaleForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function NewSaleForm({ onDone }: { onDone: () => void }) {
  const items = useItemsInStock();
  const create = useCreateSale();
  const [itemId, setItemId] = useState("");
  const [sale, setSale] = useState<SaleFieldValues>(emptySaleFields);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const item = items.data?.find((i) => String(i.id) === itemId) ?? null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!sale.saleDay) return setErrors({ saleDate: "Data da venda obrigatória" });
    const parsed = createSaleSchema.safeParse({
      ...sale,
      inventoryItemId: itemId,
      saleDate: saleDateFrom(sale.saleDay),
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    const { profit: _ignored, saleDate, ...body } = parsed.data;
    create.mutate(
      { ...body, saleDate: saleDate?.toISOString() },
      {
        onSuccess: () => {
          toast.success("Venda registrada com sucesso!");
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(fieldErrors(error.errors));
          toast.error(`Falha ao registrar venda: ${errorMessage(error, "Erro desconhecido")}`);
        },
      },
    );
  };

  const noItems = items.isSuccess && items.data.length === 0;
  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
      <DialogHeader>
        <DialogTitle>Nova Venda</DialogTitle>
        <DialogDescription>
          O item escolhido passa a Vendido e o lucro é calculado pelo servidor.
        </DialogDescription>
      </DialogHeader>
      <FormField
        id="sale-item"
        label="Item"
        error={errors.inventoryItemId}
        hint={noItems ? "Não há itens em stock para vender." : undefined}
      >
        <Select
          value={itemId}
          onValueChange={(id) => {
            setItemId(id);
            setErrors((e) => withoutErrors(e, ["inventoryItemId"]));
          }}
          disabled={noItems}
        >
          <SelectTrigger id="sale-item" aria-invalid={errors.inventoryItemId ? true : undefined}>
            <SelectValue placeholder="Selecione um item em stock" />
          </SelectTrigger>
          <SelectContent>
            {items.data?.map((i) => (
              <SelectItem key={i.id} value={String(i.id)}>
                {i.name} · {formatEuro(i.price)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      <SaleFields
        idPrefix="sale"
        values={sale}
        onChange={(change) => {
          setSale((v) => ({ ...v, ...change }));
          setErrors((e) => withoutErrors(e, [...Object.keys(change), "saleDate"]));
        }}
        errors={errors}
        cost={item}
        platformRequired
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancelar
        </Button>
        <Button type="submit" variant="success" disabled={create.isPending || noItems}>
          {create.isPending ? "A registar..." : "Registrar Venda"}
        </Button>
      </DialogFooter>
    </form>
  );
}
