import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { useTranslation } from "react-i18next";

interface DeleteProductDialogProps {
  productName: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

export function DeleteProductDialog({ productName, onCancel, onConfirm }: DeleteProductDialogProps) {
  const { t } = useTranslation(["monitor", "common"]);
  return (
    <AlertDialog open={productName !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("delete.title")}</AlertDialogTitle>
          <AlertDialogDescription>
            {t("delete.confirm")}
            {productName && <span className="mt-1 block font-medium text-foreground">{productName}</span>}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("common:actions.cancel")}</AlertDialogCancel>
          <AlertDialogAction destructive onClick={onConfirm}>
            {t("delete.remove")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
