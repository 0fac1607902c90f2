import {
  type InventoryItem,
  type UpdateInventoryStatus,
  updateInventoryStatusSchema,
} from "@common/schemas/inventory";
import { zodResolver } from "@hookform/resolvers/zod";
import { INVENTORY_STATUSES, type InventoryStatus } from "@common/status";
import { AlertTriangle, ArrowRightLeft } from "lucide-react";
import { useMemo } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { toast } from "sonner";
import { FormField } from "@/components/form-field";
import { emptySaleFields, SALE_FIELD_NAMES, SaleFields } from "@/components/sale-fields";
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
import { i18n, translateMessage } from "@/lib/i18n";
import { useUpdateItemStatus } from "../api/update-item-status";
import { statusLabel } from "../lib/inventory-view";
import { useFormat } from "@/lib/user-settings";

export function StatusDialog({ item, onClose }: { item: InventoryItem | null; onClose: () => void }) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="overflow-x-hidden sm:max-w-lg">
        {item && <StatusForm item={item} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

type StatusFormInput = z.input<typeof updateInventoryStatusSchema> & { saleDay?: string };

function StatusForm({ item, onDone }: { item: InventoryItem; onDone: () => void }) {
  const f = useFormat();
  const { t } = useTranslation(["inventory", "common"]);
  const schema = useMemo(
    () =>
      updateInventoryStatusSchema.superRefine((v, ctx) => {
        if (v.status === "sold" && item.status !== "sold" && v.salePrice === null)
          ctx.addIssue({
            code: "custom",
            path: ["salePrice"],
            message: i18n.t("inventory:statusDialog.salePriceRequired"),
          });
      }),
    [item.status],
  );
  const form = useForm<StatusFormInput, unknown, UpdateInventoryStatus>({
    resolver: zodResolver(schema),
    defaultValues: {
      ...emptySaleFields(f),
      status: (INVENTORY_STATUSES as readonly string[]).includes(item.status)
        ? (item.status as InventoryStatus)
        : "in_stock",
    },
  });
  const status = useWatch({ control: form.control, name: "status" });
  const update = useUpdateItemStatus();
  const sellsNow = status === "sold" && item.status !== "sold";
  const removesSale = item.status === "sold" && status !== "sold";

  const submit = form.handleSubmit(({ status, salePrice, fees, buyer, platform, quantity }) =>
    update.mutate(
      { id: item.id, status, ...(sellsNow ? { salePrice, fees, buyer, platform, quantity } : {}) },
      {
        onSuccess: () => {
          toast.success(sellsNow ? t("statusDialog.soldTransferred") : t("statusDialog.updated"));
          onDone();
        },
        onError: formFailure(form, "inventory:statusDialog.failed", { rename: SALE_FIELD_NAMES }),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
      <DialogHeader>
        <DialogTitle>{t("statusDialog.title")}</DialogTitle>
        <DialogDescription className="truncate">{item.name}</DialogDescription>
      </DialogHeader>
      <FormField
        id="status-select"
        label={t("statusDialog.status")}
        error={translateMessage(form.formState.errors.status?.message ?? "") || undefined}
      >
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
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
          )}
        />
      </FormField>
      {sellsNow && (
        <>
          <p className="flex items-start gap-2 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm">
            <ArrowRightLeft className="mt-0.5 size-4 shrink-0 text-primary" />
            {t("statusDialog.sellNotice")}
          </p>
          <SaleFields
            idPrefix="status-sale"
            withDate={false}
            form={form}
            cost={{ price: item.price, shippingPrice: item.shippingPrice }}
            unitsLeft={item.quantity}
          />
        </>
      )}
      {removesSale && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" />
          {t("statusDialog.removesSaleNotice")}
        </p>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={update.isPending || status === item.status}>
          {update.isPending ? t("common:actions.saving") : t("common:actions.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
