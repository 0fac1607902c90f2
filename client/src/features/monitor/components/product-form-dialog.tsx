import type { ProductDto, ProductValues } from "@common/schemas/products";
import { Activity } from "lucide-react";
import { useTranslation } from "react-i18next";
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
import { i18n, translateMessage } from "@/lib/i18n";
import { useCreateProduct } from "../api/create-product";
import { useDefaultWebhook } from "../api/get-default-webhook";
import { useUpdateProduct } from "../api/update-product";
import { withChosenChannels } from "./alert-channels-field";
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
    toast.error(i18n.t("monitor:toasts.error"), {
      description: `HTTP ${error.status}: ${translateMessage(error.serverMessage)}`,
    });
  } else {
    toast.error(i18n.t("monitor:toasts.error"), { description: fallback });
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
  const { t } = useTranslation(["monitor", "common"]);
  const defaultWebhook = useDefaultWebhook();
  const form = useProductForm(product, product ? undefined : defaultWebhook.data);
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const isPending = create.isPending || update.isPending;

  const submit = form.handleSubmit((edited) => {
    const values = withChosenChannels(edited, Boolean(form.formState.dirtyFields.alertChannels));
    if (product) {
      update.mutate(
        { id: product.id, input: values },
        {
          onSuccess: () => {
            toast.success(t("toasts.updated"));
            onDone();
          },
          onError: (error) => reportFailure(form, error, t("toasts.updateFailed")),
        },
      );
    } else {
      create.mutate(values, {
        onSuccess: (created) => {
          toast.success(t("toasts.added"), {
            description: created.isActive ? t("toasts.addedActive") : t("toasts.addedPaused"),
          });
          onDone();
        },
        onError: (error) => reportFailure(form, error, t("toasts.addFailed")),
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{product ? t("dialog.titleEdit") : t("dialog.titleAdd")}</DialogTitle>
        <DialogDescription>
          {product ? t("dialog.descriptionEdit") : t("dialog.descriptionAdd")}
        </DialogDescription>
      </DialogHeader>
      <ProductFormFields form={form} product={product} />
      <DialogFooter>
        {product && onTest && (
          <Button type="button" variant="secondary" className="sm:mr-auto" onClick={() => onTest(product)}>
            <Activity />
            {t("dialog.testNow")}
          </Button>
        )}
        <Button variant="outline" onClick={onDone} disabled={isPending}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={isPending}>
          {product ? t("dialog.submitEdit") : t("dialog.submitAdd")}
        </Button>
      </DialogFooter>
    </form>
  );
}
