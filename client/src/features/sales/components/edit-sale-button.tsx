import type { Sale } from "@common/schemas/sales";
import { updateSaleSchema } from "@common/schemas/sales";
import { format } from "date-fns";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { SaleFields, type SaleFieldValues, saleDateFrom } from "@/components/sale-fields";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { isDateOnly } from "@/lib/format";
import { ApiError, errorMessage } from "@/lib/http";
import { fieldErrors, withoutErrors } from "@/lib/zod-errors";
import { useUpdateSale } from "../api/update-sale";

/** the day a sale shows: its UTC day when it has no time, the local day otherwise */
function dayOf(saleDate: string): string {
  return isDateOnly(saleDate) ? saleDate.slice(0, 10) : format(new Date(saleDate), "yyyy-MM-dd");
}

const amountText = (value: string) => value.replace(".", ",");

export function EditSaleButton({ sale }: { sale: Sale }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={`Editar venda de ${sale.item?.name ?? "item"}`}
        onClick={() => setOpen(true)}
      >
        <Pencil />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="overflow-x-hidden sm:max-w-lg">
          {open && <EditSaleForm sale={sale} onDone={() => setOpen(false)} />}
        </DialogContent>
      </Dialog>
    </>
  );
}

function EditSaleForm({ sale, onDone }: { sale: Sale; onDone: () => void }) {
  const [values, setValues] = useState<SaleFieldValues>({
    salePrice: amountText(sale.salePrice),
    fees: amountText(sale.fees),
    buyer: sale.buyer ?? "",
    platform: sale.platform ?? "",
    saleDay: dayOf(sale.saleDate),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateSale();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!values.saleDay) return setErrors({ saleDate: "Data da venda obrigatória" });
    const dayChanged = values.saleDay !== dayOf(sale.saleDate);
    const parsed = updateSaleSchema.safeParse({
      salePrice: values.salePrice,
      fees: values.fees,
      buyer: values.buyer,
      platform: values.platform,
      // an untouched day keeps the recorded time
      saleDate: dayChanged ? saleDateFrom(values.saleDay) : undefined,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    const { saleDate, ...body } = parsed.data;
    update.mutate(
      { id: sale.id, ...body, saleDate: saleDate?.toISOString() },
      {
        onSuccess: () => {
          toast.success("Venda atualizada com sucesso!");
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(fieldErrors(error.errors));
          toast.error("Falha ao atualizar venda", { description: errorMessage(error, "Erro desconhecido") });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
      <DialogHeader>
        <DialogTitle>Editar Venda</DialogTitle>
        <DialogDescription className="truncate">{sale.item?.name ?? "Item removido"}</DialogDescription>
      </DialogHeader>
      <SaleFields
        idPrefix="edit-sale"
        values={values}
        onChange={(change) => {
          setValues((v) => ({ ...v, ...change }));
          setErrors((e) => withoutErrors(e, [...Object.keys(change), "saleDate"]));
        }}
        errors={errors}
        cost={sale.item}
        platformRequired
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "A guardar..." : "Guardar"}
        </Button>
      </DialogFooter>
    </form>
  );
}
