import { type InventoryItem, updateInventoryStatusSchema } from "@common/schemas/inventory";
import { INVENTORY_STATUSES, type InventoryStatus } from "@common/status";
import { AlertTriangle, ArrowRightLeft } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { FormField } from "@/components/form-field";
import { emptySaleFields, SaleFields, type SaleFieldValues } from "@/components/sale-fields";
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
import { ApiError, errorMessage } from "@/lib/http";
import { fieldErrors, withoutErrors } from "@/lib/zod-errors";
import { useUpdateItemStatus } from "../api/update-item-status";
import { statusLabel } from "../lib/inventory-view";

export const SOLD_TRANSFER_MESSAGE = "Item marcado como vendido e transferido para as vendas!";

export function StatusDialog({ item, onClose }: { item: InventoryItem | null; onClose: () => void }) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="overflow-x-hidden sm:max-w-lg">
        {item && <StatusForm item={item} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function StatusForm({ item, onDone }: { item: InventoryItem; onDone: () => void }) {
  const [status, setStatus] = useState<InventoryStatus>(
    (INVENTORY_STATUSES as readonly string[]).includes(item.status)
      ? (item.status as InventoryStatus)
      : "in_stock",
  );
  const [sale, setSale] = useState<SaleFieldValues>(emptySaleFields);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateItemStatus();
  const sellsNow = status === "sold" && item.status !== "sold";
  const removesSale = item.status === "sold" && status !== "sold";

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const { saleDay: _today, ...saleFields } = sale;
    const input = sellsNow ? { status, ...saleFields } : { status };
    const parsed = updateInventoryStatusSchema.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    if (sellsNow && parsed.data.salePrice === null) {
      return setErrors({ salePrice: "Preço de venda obrigatório" });
    }
    setErrors({});
    update.mutate(
      { id: item.id, ...parsed.data },
      {
        onSuccess: () => {
          toast.success(sellsNow ? SOLD_TRANSFER_MESSAGE : "Estado atualizado");
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(fieldErrors(error.errors));
          toast.error("Falha ao alterar status", { description: errorMessage(error, "Erro desconhecido") });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
      <DialogHeader>
        <DialogTitle>Alterar Estado</DialogTitle>
        <DialogDescription className="truncate">{item.name}</DialogDescription>
      </DialogHeader>
      <FormField id="status-select" label="Estado" error={errors.status}>
        <Select value={status} onValueChange={(v) => setStatus(v as InventoryStatus)}>
          <SelectTrigger id="status-select">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {INVENTORY_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                {statusLabel(s)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      {sellsNow && (
        <>
          <p className="flex items-start gap-2 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm">
            <ArrowRightLeft className="mt-0.5 size-4 shrink-0 text-primary" />
            Ao guardar, o item fica marcado como vendido e é transferido para as Vendas.
          </p>
          <SaleFields
            idPrefix="status-sale"
            withDate={false}
            values={sale}
            onChange={(change) => {
              setSale((v) => ({ ...v, ...change }));
              setErrors((e) => withoutErrors(e, Object.keys(change)));
            }}
            errors={errors}
            cost={item}
          />
        </>
      )}
      {removesSale && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" />
          Este item tem uma venda registada. Ao sair de "Vendido", a venda é removida das Vendas.
        </p>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={update.isPending || status === item.status}>
          {update.isPending ? "A guardar..." : "Guardar"}
        </Button>
      </DialogFooter>
    </form>
  );
}
