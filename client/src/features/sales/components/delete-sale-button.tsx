import type { Sale } from "@common/schemas/sales";
import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { useDeleteSale } from "../api/delete-sale";

export function DeleteSaleButton({ sale }: { sale: Sale }) {
  const remove = useDeleteSale();
  const { t } = useTranslation("sales");
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="icon-sm"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          aria-label={t("delete.label", { name: sale.item?.name ?? t("itemFallback") })}
          disabled={remove.isPending}
        >
          <Trash2 />
        </Button>
      }
      title={t("delete.title")}
      description={t("delete.description")}
      confirmLabel={t("delete.confirm")}
      destructive
      onConfirm={() => remove.mutate(sale.id)}
    />
  );
}
