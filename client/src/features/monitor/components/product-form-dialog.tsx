import type { ProductDto, ProductValues } from "@common/schemas/products";
import { Activity } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { ApiError } from "@/lib/http";
import { useCreateProduct } from "../api/create-product";
import { useDefaultWebhook } from "../api/get-default-webhook";
import { useUpdateProduct } from "../api/update-product";
import { type ProductForm, ProductFormFields, useProductForm } from "./product-form";

interface ProductFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: create mode */
  product: ProductDto | null;
  /** "Testar agora" of the product being edited (its saved page, not the unsaved form) */
  onTest?: (product: ProductDto) => void;
}

export function ProductFormDialog({ open, onOpenChange, product, onTest }: ProductFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        {/* remounts per opening, so the form starts from the product (or blank) each time */}
        {open && <ProductFormBody product={product} onDone={() => onOpenChange(false)} onTest={onTest} />}
      </DialogContent>
    </Dialog>
  );
}

/** server field errors land on their fields; the toast gives 'HTTP {status}: {message}' */
function reportFailure(form: ProductForm, error: unknown, fallback: string) {
  if (error instanceof ApiError) {
    for (const fieldError of error.errors) {
      if (fieldError.path in form.getValues()) {
        form.setError(fieldError.path as keyof ProductValues, { message: fieldError.message });
      }
    }
    toast.error("Erro", { description: `HTTP ${error.status}: ${error.serverMessage}` });
  } else {
    toast.error("Erro", { description: fallback });
  }
}

function ProductFormBody({
  product,
  onDone,
  onTest,
}: {
  product: ProductDto | null;
  onDone: () => void;
  onTest?: (product: ProductDto) => void;
}) {
  const defaultWebhook = useDefaultWebhook();
  const form = useProductForm(product, product ? undefined : defaultWebhook.data);
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const isPending = create.isPending || update.isPending;

  const submit = form.handleSubmit((values) => {
    if (product) {
      update.mutate(
        { id: product.id, input: values },
        {
          onSuccess: () => {
            toast.success("Produto atualizado");
            onDone();
          },
          onError: (error) => reportFailure(form, error, "Não foi possível atualizar o produto."),
        },
      );
    } else {
      create.mutate(values, {
        onSuccess: (created) => {
          toast.success("Produto adicionado", {
            description: created.isActive ? "Monitorização iniciada." : "Monitorização em pausa.",
          });
          onDone();
        },
        onError: (error) => reportFailure(form, error, "Não foi possível adicionar o produto."),
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{product ? "Editar Produto" : "Adicionar Produto"}</DialogTitle>
        <DialogDescription>
          {product
            ? "Altere os dados do monitor; as verificações seguem as novas regras."
            : "Cole o link do produto e receba um alerta quando houver stock."}
        </DialogDescription>
      </DialogHeader>
      <ProductFormFields form={form} currency={product?.currency} />
      <DialogFooter>
        {product && onTest && (
          <Button type="button" variant="secondary" className="sm:mr-auto" onClick={() => onTest(product)}>
            <Activity />
            Testar agora
          </Button>
        )}
        <Button variant="outline" onClick={onDone} disabled={isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={isPending}>
          {product ? "Atualizar Monitor" : "Adicionar Monitor"}
        </Button>
      </DialogFooter>
    </form>
  );
}
