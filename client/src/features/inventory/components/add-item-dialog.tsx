import {
  createInventoryItemSchema,
  type InventoryItem,
  updateInventoryItemSchema,
} from "@common/schemas/inventory";
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
import { useUpdateItem } from "../api/update-item";
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
  purchaseDate: "",
  notes: "",
};

/** the dialog's fields filled from an item being edited; its photo is the served URL */
function valuesOf(item: InventoryItem): typeof EMPTY {
  return {
    name: item.name,
    price: item.price.replace(".", ","),
    shippingPrice: item.shippingPrice.replace(".", ","),
    sku: item.sku ?? "",
    status: "in_stock",
    image: item.image,
    size: item.size ?? "",
    purchaseLocation: item.purchaseLocation ?? "",
    purchaseDate: item.purchaseDate?.slice(0, 10) ?? "",
    notes: item.notes ?? "",
  };
}

/** adds an item, or edits `item` when given (every field but the status, which has its own dialog) */
export function AddItemDialog({
  open,
  onOpenChange,
  item,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item?: InventoryItem | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="overflow-x-hidden sm:max-w-xl">
        {open && <AddItemForm item={item ?? null} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function AddItemForm({ item, onDone }: { item: InventoryItem | null; onDone: () => void }) {
  const [values, setValues] = useState(item ? valuesOf(item) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateItem();
  const update = useUpdateItem();
  const pending = create.isPending || update.isPending;
  const set = (change: Partial<typeof EMPTY>) => {
    setValues((v) => ({ ...v, ...change }));
    setErrors((e) => withoutErrors(e, Object.keys(change)));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = { ...values, purchaseDate: values.purchaseDate || null };
    if (item) return saveEdit(item, input);
    const parsed = createInventoryItemSchema.safeParse(input);
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

  const saveEdit = (
    original: InventoryItem,
    input: Omit<typeof values, "purchaseDate"> & { purchaseDate: string | null },
  ) => {
    const { status: _status, image, ...rest } = input;
    // the photo is sent only when it changed: a new data URL, or null to remove it
    const changes = image === original.image ? rest : { ...rest, image };
    const parsed = updateInventoryItemSchema.safeParse(changes);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    update.mutate(
      { id: original.id, ...parsed.data },
      {
        onSuccess: () => {
          toast.success("Item atualizado!");
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(fieldErrors(error.errors));
          toast.error("Falha ao guardar o item", { description: errorMessage(error, "Erro desconhecido") });
        },
      },
    );
  };

  const field = (name: keyof typeof EMPTY) => ({
    id: `item-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
  });

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
      <DialogHeader>
        <DialogTitle>{item ? "Editar Item" : "Novo Item"}</DialogTitle>
        <DialogDescription>
          {item ? "Corrija os dados do artigo." : "Registe um artigo comprado para revenda."}
        </DialogDescription>
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
        {!item && (
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
        )}
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
        <FormField id="item-purchaseDate" label="Data de compra (opcional)" error={errors.purchaseDate}>
          <Input
            {...field("purchaseDate")}
            type="date"
            value={values.purchaseDate}
            onChange={(e) => set({ purchaseDate: e.target.value })}
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
        <Button variant="outline" onClick={onDone} disabled={pending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "A guardar..." : item ? "Guardar" : "Adicionar Item"}
        </Button>
      </DialogFooter>
    </form>
  );
}
