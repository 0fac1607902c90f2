import { createSaleSchema } from "@common/schemas/sales";
import { format } from "date-fns";
import { useState } from "react";
import { toast } from "sonner";
import { FormField } from "@/components/form-field";
import { EMPTY_SALE_FIELDS, SaleFields, type SaleFieldValues } from "@/components/sale-fields";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
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

/** a date picked as today keeps the current time; another day is recorded at noon, local time */
function saleDateFrom(day: string): string | undefined {
  if (!day) return undefined;
  if (day === format(new Date(), "yyyy-MM-dd")) return new Date().toISOString();
  const date = new Date(`${day}T12:00:00`);
  return Number.isNaN(date.getTime()) ? "inválida" : date.toISOString();
}

function NewSaleForm({ onDone }: { onDone: () => void }) {
  const items = useItemsInStock();
  const create = useCreateSale();
  const [itemId, setItemId] = useState("");
  const [day, setDay] = useState(format(new Date(), "yyyy-MM-dd"));
  const [sale, setSale] = useState<SaleFieldValues>(EMPTY_SALE_FIELDS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const item = items.data?.find((i) => String(i.id) === itemId) ?? null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!day) return setErrors({ saleDate: "Data da venda obrigatória" });
    const parsed = createSaleSchema.safeParse({
      ...sale,
      inventoryItemId: itemId,
      saleDate: saleDateFrom(day),
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
      <FormField id="sale-date" label="Data da venda" error={errors.saleDate}>
        <Input
          id="sale-date"
          type="date"
          value={day}
          onChange={(e) => {
            setDay(e.target.value);
            setErrors((errs) => withoutErrors(errs, ["saleDate"]));
          }}
        />
      </FormField>
      <SaleFields
        idPrefix="sale"
        values={sale}
        onChange={(change) => {
          setSale((v) => ({ ...v, ...change }));
          setErrors((e) => withoutErrors(e, Object.keys(change)));
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
