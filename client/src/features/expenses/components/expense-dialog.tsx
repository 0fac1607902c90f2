import { formFailure } from "@/lib/mutation-feedback";
import { EXPENSE_CATEGORIES, type Expense, expenseFormSchema } from "@common/schemas/expenses";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import { FormField } from "@/components/form-field";
import { MoneyInput } from "@/components/money-input";
import { PhotoField } from "@/components/photo-field";
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
import { useFormat } from "@/lib/user-settings";
import { useCreateExpense, useInventoryItems, useUpdateExpense } from "../api/expenses";

type FormIn = z.input<typeof expenseFormSchema>;
type FormOut = z.output<typeof expenseFormSchema>;
const NO_ITEM = "none";

/** 'Nova Despesa' (no expense) and 'Editar Despesa' */
export function ExpenseDialog({
  open,
  onOpenChange,
  expense,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  expense?: Expense;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-x-hidden overflow-y-auto sm:max-w-lg">
        {open && <ExpenseForm expense={expense} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ExpenseForm({ expense, onDone }: { expense?: Expense; onDone: () => void }) {
  const { t } = useTranslation(["expenses", "common"]);
  const f = useFormat();
  const items = useInventoryItems();
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const pending = create.isPending || update.isPending;
  // the receipt as shown: the served photo's URL, a new data URL, or null; sent only when changed
  const [receipt, setReceipt] = useState<string | null>(expense?.receipt ?? null);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(expenseFormSchema),
    defaultValues: {
      spentOn: expense?.spentOn ?? f.day(new Date()),
      category: expense?.category ?? "packaging",
      description: expense?.description ?? "",
      amount: expense ? expense.amount.replace(".", ",") : "",
      inventoryItemId: expense?.inventoryItemId ? String(expense.inventoryItemId) : NO_ITEM,
    },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    const image = receipt === (expense?.receipt ?? null) ? undefined : receipt;
    const body = {
      ...values,
      inventoryItemId: values.inventoryItemId === NO_ITEM ? null : Number(values.inventoryItemId),
      ...(image === undefined ? {} : { image }),
    };
    const handlers = {
      onSuccess: () => {
        toast.success(expense ? t("dialog.updated") : t("dialog.created"));
        onDone();
      },
      onError: formFailure(form, "expenses:dialog.failed"),
    };
    if (expense) update.mutate({ id: expense.id, ...body }, handlers);
    else create.mutate(body, handlers);
  });

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
      <DialogHeader>
        <DialogTitle>{expense ? t("dialog.editTitle") : t("dialog.newTitle")}</DialogTitle>
        <DialogDescription>{t("dialog.description")}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="expense-amount"
          label={t("fields.amount", { currency: f.currencySymbol })}
          error={errors.amount?.message}
          hint={t("fields.amountHint")}
        >
          <Controller
            control={form.control}
            name="amount"
            render={({ field }) => (
              <MoneyInput
                id="expense-amount"
                placeholder="0,00"
                value={String(field.value ?? "")}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                aria-invalid={errors.amount ? true : undefined}
              />
            )}
          />
        </FormField>
        <FormField id="expense-day" label={t("fields.day")} error={errors.spentOn?.message}>
          <Input
            id="expense-day"
            type="date"
            aria-invalid={errors.spentOn ? true : undefined}
            {...form.register("spentOn")}
          />
        </FormField>
        <FormField id="expense-category" label={t("fields.category")} error={errors.category?.message}>
          <Controller
            control={form.control}
            name="category"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="expense-category" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {EXPENSE_CATEGORIES.map((c) => (
                    <SelectItem key={c} value={c}>
                      {t(`categories.${c}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <FormField id="expense-item" label={t("fields.item")} error={errors.inventoryItemId?.message}>
          <Controller
            control={form.control}
            name="inventoryItemId"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="expense-item" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_ITEM}>{t("fields.noItem")}</SelectItem>
                  {items.data?.map((i) => (
                    <SelectItem key={i.id} value={String(i.id)}>
                      {i.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <FormField
          id="expense-description"
          label={t("fields.description")}
          error={errors.description?.message}
          className="sm:col-span-2"
        >
          <Input
            id="expense-description"
            placeholder={t("fields.descriptionPlaceholder")}
            {...form.register("description")}
          />
        </FormField>
      </div>
      <PhotoField label={t("fields.receipt")} value={receipt} onChange={setReceipt} />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t("dialog.saving") : t("dialog.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
