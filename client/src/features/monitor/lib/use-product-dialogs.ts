import type { ProductDto } from "@common/schemas/products";
import { useState } from "react";
import { useDeleteProduct } from "../api/delete-product";
import { useToggleProduct } from "../api/toggle-product";
import type { CheckDialogState } from "../components/check-detail-dialog";
import type { ProductActions } from "../components/product-card";

/** which product dialog is open (form, check, delete) and the card actions that open them */
export function useProductDialogs() {
  const toggle = useToggleProduct();
  const remove = useDeleteProduct();
  const [form, setForm] = useState<{ open: boolean; product: ProductDto | null }>({
    open: false,
    product: null,
  });
  const [deleting, setDeleting] = useState<ProductDto | null>(null);
  const [checking, setChecking] = useState<CheckDialogState | null>(null);

  const actions: ProductActions = {
    onToggle: (p) => toggle.mutate(p.id),
    onEdit: (p) => setForm({ open: true, product: p }),
    onDelete: (p) => setDeleting(p),
    onTest: (p) => setChecking({ product: p, mode: "test" }),
    onShowCheck: (p) => setChecking({ product: p, mode: "last" }),
  };

  return {
    actions,
    form,
    openCreate: () => setForm({ open: true, product: null }),
    // the product stays while the dialog closes, so its fields do not empty during the animation
    setFormOpen: (open: boolean) => setForm((current) => ({ ...current, open })),
    checking,
    closeCheck: () => setChecking(null),
    deleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete: () => {
      if (deleting) remove.mutate(deleting.id);
      setDeleting(null);
    },
  };
}

export type ProductDialogs = ReturnType<typeof useProductDialogs>;
