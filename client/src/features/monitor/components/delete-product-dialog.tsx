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

interface DeleteProductDialogProps {
  productName: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

export function DeleteProductDialog({ productName, onCancel, onConfirm }: DeleteProductDialogProps) {
  return (
    <AlertDialog open={productName !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remover produto</AlertDialogTitle>
          <AlertDialogDescription>
            Tem certeza que deseja remover este produto?
            {productName && <span className="mt-1 block font-medium text-foreground">{productName}</span>}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancelar</AlertDialogCancel>
          <AlertDialogAction destructive onClick={onConfirm}>
            Remover
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
