import { newSaleFormSchema } from "@common/schemas/sales";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { toast } from "sonner";
import { FormField } from "@/components/form-field";
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { translateMessage } from "@/lib/i18n";
import { useCreateSale } from "@/lib/create-sale";
import { useItemsInStock } from "../api/get-items-in-stock";
import { useFormat } from "@/lib/user-settings";

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
  const f = useFormat();
  const { t } = useTranslation(["sales", "common", "inventory"]);
  const form = useForm<z.input<typeof newSaleFormSchema>, unknown, z.output<typeof newSaleFormSchema>>({
    resolver: zodResolver(newSaleFormSchema),
    defaultValues: { ...emptySaleFields(f), inventoryItemId: "" },
  });
  const itemId = useWatch({ control: form.control, name: "inventoryItemId" });
  const item = items.data?.find((i) => String(i.id) === String(itemId)) ?? null;
  const itemMessage = form.formState.errors.inventoryItemId?.message;
  const itemError = itemMessage ? translateMessage(itemMessage) : undefined;

  const submit = form.handleSubmit(({ saleDay, ...sale }) =>
    create.mutate(
      { ...sale, saleDate: saleDateFrom(saleDay, f) },
      {
        onSuccess: () => {
          toast.success(t("new.done"));
          onDone();
        },
        onError: formFailure(form, "sales:new.failed", { rename: SALE_FIELD_NAMES, inline: true }),
      },
    ),
  );

  const noItems = items.isSuccess && items.data.length === 0;
  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
      <DialogHeader>
        <DialogTitle>{t("new.title")}</DialogTitle>
        <DialogDescription>{t("new.description")}</DialogDescription>
      </DialogHeader>
      <FormField
        id="sale-item"
        label={t("new.item")}
        error={itemError}
        hint={noItems ? t("new.noItems") : undefined}
      >
        <Controller
          control={form.control}
          name="inventoryItemId"
          render={({ field }) => (
            <Select value={String(field.value ?? "")} onValueChange={field.onChange} disabled={noItems}>
              <SelectTrigger id="sale-item" aria-invalid={itemError ? true : undefined}>
                <SelectValue placeholder={t("new.pickItem")} />
              </SelectTrigger>
              <SelectContent>
                {items.data?.map((i) => (
                  <SelectItem key={i.id} value={String(i.id)}>
                    {i.name} · {f.money(i.price)}
                    {i.quantity > 1 && ` · ${t("inventory:card.units", { count: i.quantity })}`}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <SaleFields
        idPrefix="sale"
        form={form}
        cost={item && { price: item.price, shippingPrice: item.shippingPrice }}
        unitsLeft={item?.quantity ?? 1}
        platformRequired
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" variant="success" disabled={create.isPending || noItems}>
          {create.isPending ? t("new.submitting") : t("new.submit")}
        </Button>
      </DialogFooter>
    </form>
  );
}
