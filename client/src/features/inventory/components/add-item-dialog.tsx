import { createInventoryItemSchema } from "@common/schemas/inventory";
import { useState } from "react";
import { toast } from "sonner";
import { FormField } from "@/components/form-field";
import { MoneyInput } from "@/components/money-input";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, errorMessage } from "@/lib/http";
import { fieldErrors, withoutErrors } from "@/lib/zod-errors";
import { useCreateItem } from "../api/create-item";
import { statusLabel } from "../lib/inventory-view";
import { PhotoField } from "./photo-field";

const NEW_ITEM_STATUSES = ["in_stock", "pending", "transit"] as const;

const EMPTY = {
  name: "",
  price: "",
  shippingPrice: "",
  sku: "",
  status: "in_stock" as (typeof NEW_ITEM_STATUSES)[number],
  image: null as string | null,
  size: "",
  purchaseLocation: "",
  notes: "",
};

export function AddItemDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="overflow-x-hidden sm:max-w-xl">
        {open && <AddItemForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function AddItemForm({ onDone }: { onDone: () => void }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateItem();
  const set = (change: Partial<typeof EMPTY>) => {
    setValues((v) => ({ ...v, ...change }));
    setErrors((e) => withoutErrors(e, Object.keys(change)));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createInventoryItemSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success("Item adicionado ao inventário!");
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(fieldErrors(error.errors));
        toast.error("Falha ao adicionar item", { description: errorMessage(error, "Erro desconhecido") });
      },
    });
  };

  const field = (name: keyof typeof EMPTY) => ({
    id: `item-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
  });

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
      <DialogHeader>
        <DialogTitle>Novo Item</DialogTitle>
        <DialogDescription>Registe um artigo comprado para revenda.</DialogDescription>
      </DialogHeader>
      <FormField id="item-name" label="Nome" error={errors.name}>
        <Input
          {...field("name")}
          value={values.name}
          onChange={(e) => set({ name: e.target.value })}
          autoFocus
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="item-price" label="Preço de compra (€)" error={errors.price}>
          <MoneyInput
            {...field("price")}
            placeholder="0,00"
            value={values.price}
            onValueChange={(price) => set({ price })}
          />
        </FormField>
        <FormField id="item-shippingPrice" label="Portes (€)" error={errors.shippingPrice}>
          <MoneyInput
            {...field("shippingPrice")}
            placeholder="0,00"
            value={values.shippingPrice}
            onValueChange={(shippingPrice) => set({ shippingPrice })}
          />
        </FormField>
        <FormField id="item-sku" label="SKU (opcional)" error={errors.sku}>
          <Input {...field("sku")} value={values.sku} onChange={(e) => set({ sku: e.target.value })} />
        </FormField>
        <FormField id="item-status" label="Estado" error={errors.status}>
          <Select
            value={values.status}
            onValueChange={(status) => set({ status: status as typeof values.status })}
          >
            <SelectTrigger id="item-status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {NEW_ITEM_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {statusLabel(s)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField id="item-size" label="Tamanho (opcional)" error={errors.size}>
          <Input {...field("size")} value={values.size} onChange={(e) => set({ size: e.target.value })} />
        </FormField>
        <FormField
          id="item-purchaseLocation"
          label="Local de compra (opcional)"
          error={errors.purchaseLocation}
        >
          <Input
            {...field("purchaseLocation")}
            value={values.purchaseLocation}
            onChange={(e) => set({ purchaseLocation: e.target.value })}
          />
        </FormField>
      </div>
      <PhotoField value={values.image} onChange={(image) => set({ image })} />
      {errors.image && <p className="text-xs font-medium text-destructive">{errors.image}</p>}
      <FormField id="item-notes" label="Notas (opcional)" error={errors.notes}>
        <Textarea
          {...field("notes")}
          rows={3}
          value={values.notes}
          onChange={(e) => set({ notes: e.target.value })}
        />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "A guardar..." : "Adicionar Item"}
        </Button>
      </DialogFooter>
    </form>
  );
}
