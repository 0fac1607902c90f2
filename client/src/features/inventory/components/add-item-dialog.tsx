import {
  type InventoryItem,
  type ItemForm,
  type ItemFormInput,
  itemFormSchema,
} from "@common/schemas/inventory";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
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
import { showFieldErrors } from "@/lib/zod-errors";
import { useCreateItem } from "../api/create-item";
import { useUpdateItem } from "../api/update-item";
import { statusLabel } from "../lib/inventory-view";
import { PhotoField } from "./photo-field";
import { useFormat } from "@/lib/user-settings";

const NEW_ITEM_STATUSES = ["in_stock", "pending", "transit"] as const;

type ItemFields = {
  [K in
    | "name"
    | "price"
    | "shippingPrice"
    | "sku"
    | "size"
    | "purchaseLocation"
    | "purchaseDate"
    | "notes"]: string;
} & { status: (typeof NEW_ITEM_STATUSES)[number]; image: string | null };

const EMPTY: ItemFields = {
  name: "",
  price: "",
  shippingPrice: "",
  sku: "",
  status: "in_stock",
  image: null,
  size: "",
  purchaseLocation: "",
  purchaseDate: "",
  notes: "",
};

/** the dialog's fields filled from an item being edited; its photo is the served URL */
function valuesOf(item: InventoryItem): ItemFields {
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
  const f = useFormat();
  const form = useForm<ItemFormInput, unknown, ItemForm>({
    resolver: zodResolver(itemFormSchema),
    defaultValues: item ? valuesOf(item) : EMPTY,
  });
  const errors = form.formState.errors;
  const create = useCreateItem();
  const update = useUpdateItem();
  const pending = create.isPending || update.isPending;
  const onError = (title: string) => (error: Error) => {
    if (error instanceof ApiError) showFieldErrors(form, error.errors);
    toast.error(title, { description: errorMessage(error, "Erro desconhecido") });
  };

  const submit = form.handleSubmit(({ status, image, ...fields }) => {
    if (!item) {
      return create.mutate(
        { ...fields, status, image },
        {
          onSuccess: () => {
            toast.success("Item adicionado ao inventário!");
            onDone();
          },
          onError: onError("Falha ao adicionar item"),
        },
      );
    }
    // the status and the sale have their own dialogs; the photo is sent only when it changed
    const { name, price, shippingPrice, sku, size, purchaseLocation, purchaseDate, notes } = fields;
    const changes = { name, price, shippingPrice, sku, size, purchaseLocation, purchaseDate, notes };
    update.mutate(
      { id: item.id, ...changes, ...(image === item.image ? {} : { image }) },
      {
        onSuccess: () => {
          toast.success("Item atualizado!");
          onDone();
        },
        onError: onError("Falha ao guardar o item"),
      },
    );
  });

  const field = (name: keyof ItemFields) => ({
    id: `item-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
  });
  const message = (name: keyof ItemFields) => errors[name]?.message;
  const money = (name: "price" | "shippingPrice") => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: control }) => (
        <MoneyInput
          {...field(name)}
          placeholder="0,00"
          value={String(control.value ?? "")}
          onValueChange={control.onChange}
          onBlur={control.onBlur}
        />
      )}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
      <DialogHeader>
        <DialogTitle>{item ? "Editar Item" : "Novo Item"}</DialogTitle>
        <DialogDescription>
          {item ? "Corrija os dados do artigo." : "Registe um artigo comprado para revenda."}
        </DialogDescription>
      </DialogHeader>
      <FormField id="item-name" label="Nome" error={message("name")}>
        <Input {...field("name")} {...form.register("name")} autoFocus />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="item-price" label={`Preço de compra (${f.currencySymbol})`} error={message("price")}>
          {money("price")}
        </FormField>
        <FormField
          id="item-shippingPrice"
          label={`Portes (${f.currencySymbol})`}
          error={message("shippingPrice")}
        >
          {money("shippingPrice")}
        </FormField>
        <FormField id="item-sku" label="SKU (opcional)" error={message("sku")}>
          <Input {...field("sku")} {...form.register("sku")} />
        </FormField>
        {!item && (
          <FormField id="item-status" label="Estado" error={message("status")}>
            <Controller
              control={form.control}
              name="status"
              render={({ field: control }) => (
                <Select value={control.value} onValueChange={control.onChange}>
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
              )}
            />
          </FormField>
        )}
        <FormField id="item-size" label="Tamanho (opcional)" error={message("size")}>
          <Input {...field("size")} {...form.register("size")} />
        </FormField>
        <FormField
          id="item-purchaseLocation"
          label="Local de compra (opcional)"
          error={message("purchaseLocation")}
        >
          <Input {...field("purchaseLocation")} {...form.register("purchaseLocation")} />
        </FormField>
        <FormField id="item-purchaseDate" label="Data de compra (opcional)" error={message("purchaseDate")}>
          <Input {...field("purchaseDate")} type="date" {...form.register("purchaseDate")} />
        </FormField>
      </div>
      <Controller
        control={form.control}
        name="image"
        render={({ field: control }) => <PhotoField value={control.value} onChange={control.onChange} />}
      />
      {errors.image && <p className="text-xs font-medium text-destructive">{errors.image.message}</p>}
      <FormField id="item-notes" label="Notas (opcional)" error={message("notes")}>
        <Textarea {...field("notes")} rows={3} {...form.register("notes")} />
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
