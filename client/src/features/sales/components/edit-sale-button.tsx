import type { Sale } from "@common/schemas/sales";
import { type SaleForm, type SaleFormInput, saleFormSchema } from "@common/schemas/sales";
import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { SALE_FIELD_NAMES, SaleFields, saleDateFrom } from "@/components/sale-fields";
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
import { useFormat } from "@/lib/user-settings";
import { useUpdateSale } from "../api/update-sale";

const amountText = (value: string) => value.replace(".", ",");

export function EditSaleButton({ sale }: { sale: Sale }) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation("sales");
  return (
    <>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={t("edit.label", { name: sale.item?.name ?? t("itemFallback") })}
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
  const recordedDay = f.saleDay(sale.saleDate);
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
  const { t } = useTranslation(["sales", "common"]);

  const submit = form.handleSubmit(({ saleDay, ...changes }) =>
    update.mutate(
      // an untouched day keeps the recorded time
      { id: sale.id, ...changes, saleDate: saleDay !== recordedDay ? saleDateFrom(saleDay, f) : undefined },
      {
        onSuccess: () => {
          toast.success(t("edit.done"));
          onDone();
        },
        onError: formFailure(form, "sales:edit.failed", { rename: SALE_FIELD_NAMES }),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
      <DialogHeader>
        <DialogTitle>{t("edit.title")}</DialogTitle>
        <DialogDescription className="truncate">{sale.item?.name ?? t("removedItem")}</DialogDescription>
      </DialogHeader>
      <SaleFields
        idPrefix="edit-sale"
        form={form}
        cost={sale.item}
        currency={sale.currency}
        platformRequired
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t("common:actions.saving") : t("common:actions.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
