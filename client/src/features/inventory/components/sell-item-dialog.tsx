import type { InventoryItem } from "@common/schemas/inventory";
import { type SaleForm, type SaleFormInput, saleFormSchema } from "@common/schemas/sales";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { emptySaleFields, SALE_FIELD_NAMES, SaleFields, saleDateFrom } from "@/components/sale-fields";
import { formFailure } from "@/lib/mutation-feedback";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useCreateSale } from "@/lib/create-sale";
import { useFormat } from "@/lib/user-settings";

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
  const f = useFormat();
  const form = useForm<SaleFormInput, unknown, SaleForm>({
    resolver: zodResolver(saleFormSchema),
    defaultValues: emptySaleFields(f),
  });
  const sell = useCreateSale();
  const { t } = useTranslation(["inventory", "common"]);

  const submit = form.handleSubmit(({ saleDay, ...sale }) =>
    sell.mutate(
      { ...sale, inventoryItemId: item.id, saleDate: saleDateFrom(saleDay, f) },
      {
        onSuccess: () => {
          toast.success(t("sell.done"));
          onDone();
        },
        onError: formFailure(form, "inventory:sell.failed", { rename: SALE_FIELD_NAMES }),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
      <DialogHeader>
        <DialogTitle>{t("sell.title")}</DialogTitle>
        <DialogDescription className="truncate">{item.name}</DialogDescription>
      </DialogHeader>
      <SaleFields
        idPrefix="sell"
        form={form}
        cost={{ price: item.price, shippingPrice: item.shippingPrice }}
        unitsLeft={item.quantity}
        platformRequired
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={sell.isPending}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" variant="success" disabled={sell.isPending}>
          {sell.isPending ? t("sell.submitting") : t("sell.submit")}
        </Button>
      </DialogFooter>
    </form>
  );
}
