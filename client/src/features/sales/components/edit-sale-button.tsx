import type { Formatter } from "@common/format";
import type { Sale } from "@common/schemas/sales";
import { type SaleForm, type SaleFormInput, saleFormSchema } from "@common/schemas/sales";
import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { SaleFields, saleDateFrom, showServerErrors } from "@/components/sale-fields";
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
import { useFormat } from "@/lib/user-settings";
import { useUpdateSale } from "../api/update-sale";

/** the day a sale shows: its UTC day when it has no time, its day in the user's zone otherwise */
function dayOf(saleDate: string, f: Formatter): string {
  return isDateOnly(saleDate) ? saleDate.slice(0, 10) : f.day(saleDate);
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
  const f = useFormat();
  const recordedDay = dayOf(sale.saleDate, f);
  const form = useForm<SaleFormInput, unknown, SaleForm>({
    resolver: zodResolver(saleFormSchema),
    defaultValues: {
      salePrice: amountText(sale.salePrice),
      fees: amountText(sale.fees),
      buyer: sale.buyer ?? "",
      platform: sale.platform ?? "",
      saleDay: recordedDay,
    },
  });
  const update = useUpdateSale();

  const submit = form.handleSubmit(({ saleDay, ...changes }) =>
    update.mutate(
      // an untouched day keeps the recorded time
      { id: sale.id, ...changes, saleDate: saleDay !== recordedDay ? saleDateFrom(saleDay, f) : undefined },
      {
        onSuccess: () => {
          toast.success("Venda atualizada com sucesso!");
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError) showServerErrors(form, error.errors);
          toast.error("Falha ao atualizar venda", { description: errorMessage(error, "Erro desconhecido") });
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
      <DialogHeader>
        <DialogTitle>Editar Venda</DialogTitle>
        <DialogDescription className="truncate">{sale.item?.name ?? "Item removido"}</DialogDescription>
      </DialogHeader>
      <SaleFields idPrefix="edit-sale" form={form} cost={sale.item} platformRequired />
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
