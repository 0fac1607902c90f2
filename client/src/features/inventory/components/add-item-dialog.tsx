import { formFailure } from "@/lib/mutation-feedback";
import { evaluateExpression } from "@common/expression";
import { convertMoney, moneyFieldText, parseMoney, parseRate } from "@common/money";
import {
  type InventoryItem,
  type ItemDraft,
  type ItemForm,
  type ItemFormInput,
  itemFormSchema,
  PURCHASE_CURRENCIES,
} from "@common/schemas/inventory";
import { useEffect, useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
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
import { translateMessage } from "@/lib/i18n";
import { useCreateItem } from "../api/create-item";
import { getLastRate } from "../api/get-last-rate";
import { useUpdateItem } from "../api/update-item";
import { statusLabel } from "../lib/inventory-view";
import { PhotoField } from "@/components/photo-field";
import { useFormat } from "@/lib/user-settings";

const NEW_ITEM_STATUSES = ["in_stock", "pending", "transit"] as const;

type ItemFields = {
  [K in
    | "name"
    | "price"
    | "shippingPrice"
    | "quantity"
    | "purchaseCurrency"
    | "purchaseAmount"
    | "purchaseRate"
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
  quantity: "1",
  purchaseCurrency: "",
  purchaseAmount: "",
  purchaseRate: "",
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
    price: moneyFieldText(item.price),
    shippingPrice: moneyFieldText(item.shippingPrice),
    quantity: String(item.quantity),
    purchaseCurrency: item.purchaseCurrency ?? "",
    purchaseAmount: moneyFieldText(item.purchaseAmount),
    purchaseRate: item.purchaseRate ? rateText(item.purchaseRate) : "",
    sku: item.sku ?? "",
    status: "in_stock",
    image: item.image,
    size: item.size ?? "",
    purchaseLocation: item.purchaseLocation ?? "",
    purchaseDate: item.purchaseDate?.slice(0, 10) ?? "",
    notes: item.notes ?? "",
  };
}

/** a stored rate ("0.923400") as the field shows it: "0,9234" */
const rateText = (rate: string) => rate.replace(/\.?0+$/, "").replace(".", ",");

/** the books' amount of `amount` (an expression) at `rate`, as the price field shows it; "" when either is not valid yet */
function convertedPrice(amount: string, rate: string): string {
  const paid = parseMoney(amount) ?? evaluateExpression(amount);
  const perUnit = parseRate(rate);
  return paid && perUnit ? moneyFieldText(convertMoney(paid, perUnit)) : "";
}

/**
 * a new item filled from a monitor ("Comprei"): bought today, where the monitor watches; a shop in
 * another currency fills that currency, its price as the amount paid and the user's last rate
 */
function valuesFromDraft(draft: ItemDraft, today: string): ItemFields {
  return {
    ...EMPTY,
    name: draft.name,
    price: moneyFieldText(draft.price),
    purchaseCurrency: draft.purchaseCurrency ?? "",
    purchaseAmount: moneyFieldText(draft.purchaseAmount ?? null),
    purchaseRate: draft.purchaseRate ? rateText(draft.purchaseRate) : "",
    size: draft.size ?? "",
    purchaseLocation: draft.purchaseLocation,
    purchaseDate: today,
    notes: draft.notes,
  };
}

/**
 * adds an item, or edits `item` when given (every field but the status, which has its own dialog);
 * `draft` fills a new item from a monitor, which the item then remembers
 */
export function AddItemDialog({
  open,
  onOpenChange,
  item,
  draft,
  draftPhoto,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item?: InventoryItem | null;
  draft?: ItemDraft | null;
  /** the monitor's picture for a draft, while it is being copied and once it came (null: none) */
  draftPhoto?: DraftPhotoState;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="overflow-x-hidden sm:max-w-xl">
        {open && (
          <AddItemForm
            item={item ?? null}
            draft={draft ?? null}
            draftPhoto={draftPhoto}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

export interface DraftPhotoState {
  image: string | null;
  pending: boolean;
}

function AddItemForm({
  item,
  draft,
  draftPhoto,
  onDone,
}: {
  item: InventoryItem | null;
  draft: ItemDraft | null;
  draftPhoto?: DraftPhotoState;
  onDone: () => void;
}) {
  const f = useFormat();
  const { t } = useTranslation(["inventory", "common"]);
  const form = useForm<ItemFormInput, unknown, ItemForm>({
    resolver: zodResolver(itemFormSchema),
    defaultValues: item ? valuesOf(item) : draft ? valuesFromDraft(draft, f.day(new Date())) : EMPTY,
  });
  const errors = form.formState.errors;
  // the monitor's picture, when it comes, unless the user already chose or removed one
  const copiedPhoto = draft ? draftPhoto?.image : null;
  useEffect(() => {
    if (copiedPhoto && form.getValues("image") === null) form.setValue("image", copiedPhoto);
  }, [copiedPhoto, form]);
  const create = useCreateItem();
  const update = useUpdateItem();
  const pending = create.isPending || update.isPending;

  const submit = form.handleSubmit(({ status, image, ...fields }) => {
    if (!item) {
      return create.mutate(
        { ...fields, status, image, sourceProductId: draft?.sourceProductId ?? null },
        {
          onSuccess: () => {
            toast.success(t("itemDialog.added"));
            onDone();
          },
          onError: formFailure(form, "inventory:itemDialog.addFailed"),
        },
      );
    }
    // the status and the sale have their own dialogs; the photo is sent only when it changed
    const { name, price, shippingPrice, quantity, sku, size, purchaseLocation, purchaseDate, notes } = fields;
    const { purchaseCurrency, purchaseAmount, purchaseRate } = fields;
    const changes = {
      name,
      price,
      shippingPrice,
      quantity,
      purchaseCurrency,
      purchaseAmount,
      purchaseRate,
      sku,
      size,
      purchaseLocation,
      purchaseDate,
      notes,
    };
    update.mutate(
      { id: item.id, ...changes, ...(image === item.image ? {} : { image }) },
      {
        onSuccess: () => {
          toast.success(t("itemDialog.updated"));
          onDone();
        },
        onError: formFailure(form, "inventory:itemDialog.updateFailed"),
      },
    );
  });

  const field = (name: keyof ItemFields) => ({
    id: `item-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
  });
  // the schema's messages are pt-PT texts
  const message = (name: keyof ItemFields) => {
    const text = errors[name]?.message;
    return text ? translateMessage(text) : undefined;
  };
  // another currency: the price is amount × rate, and the rate starts as the user's last one
  const [currency, amount, rate] = useWatch({
    control: form.control,
    name: ["purchaseCurrency", "purchaseAmount", "purchaseRate"],
  }) as [string, string, string];
  const [lastRateOn, setLastRateOn] = useState<string | null>(item ? null : (draft?.purchaseRateOn ?? null));
  useEffect(() => {
    if (currency) form.setValue("price", convertedPrice(amount ?? "", rate ?? ""));
  }, [currency, amount, rate, form]);
  const chooseCurrency = async (code: string) => {
    form.setValue("purchaseCurrency", code);
    setLastRateOn(null);
    if (!code) {
      // back to the books' currency: the price is typed again, and the other currency's fields go
      form.setValue("purchaseAmount", "");
      form.setValue("purchaseRate", "");
      return;
    }
    try {
      const last = await getLastRate(code);
      // a rate the user typed meanwhile, or one this item already had, stays
      if (last.rate && !form.getValues("purchaseRate")) {
        form.setValue("purchaseRate", rateText(last.rate));
        setLastRateOn(last.on);
      }
    } catch {
      // no last rate: the user types one
    }
  };
  const money = (name: "price" | "shippingPrice" | "purchaseAmount", readOnly = false) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: control }) =>
        readOnly ? (
          // computed from the amount and rate: shown, not typed
          <Input
            {...field(name)}
            readOnly
            tabIndex={-1}
            placeholder="0,00"
            className="bg-muted/60 dark:bg-muted/60"
            value={String(control.value ?? "")}
          />
        ) : (
          <MoneyInput
            {...field(name)}
            placeholder="0,00"
            value={String(control.value ?? "")}
            onValueChange={control.onChange}
            onBlur={control.onBlur}
          />
        )
      }
    />
  );

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
      <DialogHeader>
        <DialogTitle>{item ? t("itemDialog.editTitle") : t("itemDialog.newTitle")}</DialogTitle>
        <DialogDescription>
          {item
            ? t("itemDialog.editDescription")
            : draft
              ? t("itemDialog.fromMonitorDescription", { name: draft.name })
              : t("itemDialog.newDescription")}
        </DialogDescription>
      </DialogHeader>
      <FormField id="item-name" label={t("itemDialog.name")} error={message("name")}>
        <Input {...field("name")} {...form.register("name")} autoFocus />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="item-purchaseCurrency"
          label={t("itemDialog.purchaseCurrency")}
          error={message("purchaseCurrency")}
          className={currency ? undefined : "sm:col-span-2"}
        >
          <Controller
            control={form.control}
            name="purchaseCurrency"
            render={({ field: control }) => (
              <Select
                value={String(control.value || "books")}
                onValueChange={(v) => void chooseCurrency(v === "books" ? "" : v)}
              >
                <SelectTrigger
                  id="item-purchaseCurrency"
                  className={currency ? undefined : "sm:max-w-[calc(50%-0.5rem)]"}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="books">
                    {t("itemDialog.booksCurrency", { currency: f.currencySymbol })}
                  </SelectItem>
                  {PURCHASE_CURRENCIES.map((c) => (
                    <SelectItem key={c} value={c}>
                      {c}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        {currency && (
          <FormField
            id="item-purchaseAmount"
            label={t("itemDialog.purchaseAmount", { currency })}
            error={message("purchaseAmount")}
            hint={t("itemDialog.purchaseAmountHint")}
          >
            {money("purchaseAmount")}
          </FormField>
        )}
        {currency && (
          <FormField
            id="item-purchaseRate"
            label={t("itemDialog.purchaseRate", { currency, books: f.currencySymbol })}
            error={message("purchaseRate")}
            hint={
              lastRateOn
                ? t("itemDialog.lastRate", { day: f.dateOnly(`${lastRateOn}T00:00:00.000Z`) })
                : t("itemDialog.rateHint")
            }
          >
            <Input
              {...field("purchaseRate")}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0,9234"
              {...form.register("purchaseRate")}
            />
          </FormField>
        )}
        <FormField
          id="item-price"
          label={t("itemDialog.price", { currency: f.currencySymbol })}
          error={message("price")}
          hint={currency ? t("itemDialog.convertedHint") : undefined}
        >
          {money("price", Boolean(currency))}
        </FormField>
        <FormField
          id="item-shippingPrice"
          label={t("itemDialog.shipping", { currency: f.currencySymbol })}
          error={message("shippingPrice")}
        >
          {money("shippingPrice")}
        </FormField>
        <FormField
          id="item-quantity"
          label={t("itemDialog.quantity")}
          error={message("quantity")}
          hint={t("itemDialog.quantityHint")}
        >
          <Input
            {...field("quantity")}
            inputMode="numeric"
            autoComplete="off"
            {...form.register("quantity")}
          />
        </FormField>
        <FormField id="item-sku" label={t("itemDialog.sku")} error={message("sku")}>
          <Input {...field("sku")} {...form.register("sku")} />
        </FormField>
        {!item && (
          <FormField id="item-status" label={t("itemDialog.status")} error={message("status")}>
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
        <FormField id="item-size" label={t("itemDialog.size")} error={message("size")}>
          <Input {...field("size")} {...form.register("size")} />
        </FormField>
        <FormField
          id="item-purchaseLocation"
          label={t("itemDialog.purchaseLocation")}
          error={message("purchaseLocation")}
        >
          <Input {...field("purchaseLocation")} {...form.register("purchaseLocation")} />
        </FormField>
        <FormField
          id="item-purchaseDate"
          label={t("itemDialog.purchaseDate")}
          error={message("purchaseDate")}
        >
          <Input {...field("purchaseDate")} type="date" {...form.register("purchaseDate")} />
        </FormField>
      </div>
      <Controller
        control={form.control}
        name="image"
        render={({ field: control }) => (
          <PhotoField
            value={control.value}
            onChange={control.onChange}
            status={draft && draftPhoto?.pending ? t("itemDialog.copyingPhoto") : undefined}
          />
        )}
      />
      {errors.image && <p className="text-xs font-medium text-destructive">{message("image")}</p>}
      <FormField id="item-notes" label={t("itemDialog.notes")} error={message("notes")}>
        <Textarea {...field("notes")} rows={3} {...form.register("notes")} />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t("common:actions.saving") : item ? t("common:actions.save") : t("itemDialog.submitNew")}
        </Button>
      </DialogFooter>
    </form>
  );
}
