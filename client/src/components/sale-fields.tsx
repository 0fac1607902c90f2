import { SALE_PLATFORMS } from "@common/sale-platforms";
import { evaluateExpression } from "@common/expression";
import type { Formatter } from "@common/format";
import { addMoney, multiplyMoney, subtractMoney } from "@common/money";
import { useEffect, useRef } from "react";
import {
  type Control,
  Controller,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useWatch,
} from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "@/components/form-field";
import { MoneyInput } from "@/components/money-input";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { presetFee, useFeePresets } from "@/lib/fee-presets";
import { useFormat } from "@/lib/user-settings";
import { cn } from "@/lib/utils";

export interface SaleFieldValues {
  salePrice: string;
  fees: string;
  buyer: string;
  platform: string;
  /** the day picked in the date field, yyyy-MM-dd */
  saleDay: string;
  /** units of the lot sold, as typed ("1" unless the item is a lot) */
  quantity?: string;
}

/** today on the user's calendar (their time zone), yyyy-MM-dd */
const today = (f: Formatter) => f.day(new Date());

/** "US$": how the user's language writes a currency's sign */
const currencySymbol = (locale: string, code: string) =>
  new Intl.NumberFormat(locale, { style: "currency", currency: code })
    .formatToParts(0)
    .find((p) => p.type === "currency")?.value ?? code;

export const emptySaleFields = (f: Formatter): SaleFieldValues => ({
  salePrice: "",
  fees: "",
  buyer: "",
  platform: "",
  saleDay: today(f),
  quantity: "1",
});

/** A sale made today keeps the current time. Another day has no known time: it is sent as that
 * day at 00:00 UTC, which the lists read as "date only" (see isDateOnly in common/format.ts). */
export function saleDateFrom(day: string, f: Formatter): string | undefined {
  if (!day) return undefined;
  if (day === today(f)) return new Date().toISOString();
  const date = new Date(`${day}T00:00:00.000Z`);
  // not a date: a value the schema refuses, so the form shows its message
  return Number.isNaN(date.getTime()) ? "inválida" : date.toISOString(); // i18n-ignore
}

interface SaleFieldsProps<TIn extends FieldValues, TOut extends FieldValues> {
  idPrefix: string;
  /** a react-hook-form form whose values include the sale fields (and maybe the item or status) */
  form: UseFormReturn<TIn, unknown, TOut>;
  /**
   * the item's unit price and shipping, for the profit preview (× `quantity`, the units a recorded
   * sale sold; 1 when not given); null when no item is chosen
   */
  cost: { price: string; shippingPrice: string; quantity?: number } | null;
  /** units left in the item's lot: more than 1 shows the field of the units sold */
  unitsLeft?: number;
  platformRequired?: boolean;
  /** the status dialog records the sale as of now, so it has no date field */
  withDate?: boolean;
  /**
   * a recorded sale's own currency (ISO 4217), which its amounts are in; a new sale is in the
   * books currency
   */
  currency?: string;
}

/** the message of a field's error, a day's error also under the request's name (saleDate) */
function errorOf(errors: FieldErrors<SaleFieldValues>, name: keyof SaleFieldValues | "saleDate") {
  const error = (errors as Record<string, { message?: string } | undefined>)[name];
  return error?.message;
}

/** the list, plus a name typed before the list existed so that editing such a sale keeps it */
function platformChoices(current: string): string[] {
  const list: string[] = [...SALE_PLATFORMS];
  return current && !list.includes(current) ? [current, ...list] : list;
}

/** the client's profit is only a preview: the server computes the real one */
export function profitPreview(
  values: Pick<SaleFieldValues, "salePrice" | "fees">,
  cost: { price: string; shippingPrice: string } | null,
  units = 1,
): string | null {
  const sale = evaluateExpression(values.salePrice ?? "");
  const fees = (values.fees ?? "").trim() === "" ? "0.00" : evaluateExpression(values.fees);
  if (!cost || sale === null || fees === null || !Number.isSafeInteger(units) || units < 1) return null;
  return subtractMoney(sale, multiplyMoney(addMoney(cost.price, cost.shippingPrice), units), fees);
}

export function SaleFields<TIn extends FieldValues, TOut extends FieldValues>({
  idPrefix,
  form,
  cost,
  platformRequired,
  withDate = true,
  unitsLeft = 1,
  currency,
}: SaleFieldsProps<TIn, TOut>) {
  // the sale fields are a part of the form's values, seen here through their own type
  // (react-hook-form's types are invariant in the values, so a wider form is not a
  // Control<SaleFieldValues> by itself)
  const control = form.control as unknown as Control<SaleFieldValues>;
  const errors = form.formState.errors as FieldErrors<SaleFieldValues>;
  const [salePrice, fees, platform, saleDay, quantity] = useWatch({
    control,
    name: ["salePrice", "fees", "platform", "saleDay", "quantity"],
  });
  const id = (name: string) => `${idPrefix}-${name}`;
  const lot = unitsLeft > 1;
  const units = lot ? Number((quantity ?? "").trim() || Number.NaN) : (cost?.quantity ?? 1);
  const profit = profitPreview({ salePrice, fees }, cost, units);
  const f = useFormat();
  const symbol = currency && currency !== f.currency ? currencySymbol(f.locale, currency) : f.currencySymbol;
  const { t } = useTranslation("common");
  const presets = useFeePresets();
  // the fee the preset last wrote; while the field still holds it, a new price or day rewrites it
  const filledFee = useRef<string | null>(null);
  const fillFee = (chosen: string) => {
    // a fee the user typed is theirs: only an empty field or the preset's own value is rewritten
    if ((fees ?? "").trim() !== "" && fees !== filledFee.current) return;
    const day = (withDate && saleDay) || today(f);
    const fee = presetFee(presets.data, chosen, day, evaluateExpression(salePrice ?? ""));
    if (fee === null) return;
    filledFee.current = fee;
    (form as unknown as UseFormReturn<SaleFieldValues>).setValue("fees", fee, { shouldDirty: true });
  };
  const feeFromPreset = filledFee.current !== null && fees === filledFee.current;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new price or day refills the fee
  useEffect(() => {
    if (feeFromPreset && platform) fillFee(platform);
  }, [salePrice, saleDay]);
  const invalid = (name: keyof SaleFieldValues | "saleDate") => (errorOf(errors, name) ? true : undefined);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {lot && (
        <FormField
          id={id("quantity")}
          label={t("saleFields.quantity")}
          error={errorOf(errors, "quantity")}
          hint={t("saleFields.quantityHint", { count: unitsLeft })}
          className="sm:col-span-2"
        >
          <Input
            id={id("quantity")}
            inputMode="numeric"
            autoComplete="off"
            className="sm:max-w-40"
            aria-invalid={invalid("quantity")}
            {...form.register("quantity" as Path<TIn>)}
          />
        </FormField>
      )}
      <FormField
        id={id("salePrice")}
        label={t("saleFields.salePrice", { currency: symbol })}
        error={errorOf(errors, "salePrice")}
        hint={lot ? t("saleFields.salePriceLotHint") : t("saleFields.salePriceHint")}
      >
        <Controller
          control={control}
          name="salePrice"
          render={({ field }) => (
            <MoneyInput
              id={id("salePrice")}
              placeholder="0,00"
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              aria-invalid={invalid("salePrice")}
            />
          )}
        />
      </FormField>
      <FormField
        id={id("fees")}
        label={t("saleFields.fees", { currency: symbol })}
        error={errorOf(errors, "fees")}
        hint={feeFromPreset ? t("saleFields.feesFromPreset", { platform }) : t("saleFields.feesHint")}
      >
        <Controller
          control={control}
          name="fees"
          render={({ field }) => (
            <MoneyInput
              id={id("fees")}
              placeholder="0,00"
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              aria-invalid={invalid("fees")}
            />
          )}
        />
      </FormField>
      <FormField
        id={id("platform")}
        label={platformRequired ? t("saleFields.platform") : t("saleFields.platformOptional")}
        error={errorOf(errors, "platform")}
      >
        <Controller
          control={control}
          name="platform"
          render={({ field }) => (
            <Select
              value={field.value}
              onValueChange={(chosen) => {
                field.onChange(chosen);
                fillFee(chosen);
              }}
            >
              <SelectTrigger id={id("platform")} aria-invalid={invalid("platform")}>
                <SelectValue placeholder={t("saleFields.choosePlatform")} />
              </SelectTrigger>
              <SelectContent>
                {platformChoices(field.value).map((p) => (
                  <SelectItem key={p} value={p}>
                    {p}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      {withDate && (
        <FormField
          id={id("saleDate")}
          label={t("saleFields.saleDate")}
          error={errorOf(errors, "saleDay") ?? errorOf(errors, "saleDate")}
        >
          <Input
            id={id("saleDate")}
            type="date"
            aria-invalid={invalid("saleDay") ?? invalid("saleDate")}
            {...form.register("saleDay" as Path<TIn>)}
          />
        </FormField>
      )}
      <FormField id={id("buyer")} label={t("saleFields.buyerOptional")} error={errorOf(errors, "buyer")}>
        <Input id={id("buyer")} {...form.register("buyer" as Path<TIn>)} />
      </FormField>
      {cost && (
        <div className="flex items-center justify-between rounded-lg border bg-muted/40 px-3 py-2 text-sm sm:col-span-2">
          <span className="text-muted-foreground">{t("saleFields.expectedProfit")}</span>
          <span
            data-testid="profit-preview"
            className={cn(
              "font-semibold tabular-nums",
              profit === null
                ? "text-muted-foreground"
                : profit.startsWith("-")
                  ? "text-destructive"
                  : "text-success",
            )}
          >
            {profit === null ? "—" : currency ? f.price(profit, currency) : f.money(profit)}
          </span>
        </div>
      )}
    </div>
  );
}

/** the server's field names on a sale form that the form calls otherwise: saleDate is its saleDay */
export const SALE_FIELD_NAMES = { saleDate: "saleDay" };
