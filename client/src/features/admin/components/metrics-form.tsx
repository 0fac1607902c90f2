import {
  type FinancialMetricsInput,
  type FinancialMetricsValues,
  financialMetricsInputSchema,
} from "@common/schemas/financial-metrics";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useUpdateFinancialMetrics } from "../api/update-financial-metrics";
import { translateMessage } from "@/lib/i18n";
import { useFormat } from "@/lib/user-settings";

const fields = [
  { name: "totalRevenue", label: "totalRevenue", inputMode: "decimal", money: true },
  { name: "totalProfit", label: "totalProfit", inputMode: "decimal", money: true },
  { name: "profitMargin", label: "profitMarginPercent", inputMode: "decimal", money: false },
  { name: "totalItemsSold", label: "totalItemsSold", inputMode: "numeric", money: false },
  { name: "totalItemsInStock", label: "totalItemsInStock", inputMode: "numeric", money: false },
] as const;

interface MetricsFormProps {
  values: FinancialMetricsInput;
  onDone: () => void;
}

/** The figures' rules through the same schema the server uses; amounts accept "1.234,56". */
export function MetricsForm({ values, onDone }: MetricsFormProps) {
  const form = useForm<FinancialMetricsInput, unknown, FinancialMetricsValues>({
    resolver: zodResolver(financialMetricsInputSchema),
    defaultValues: values,
  });
  // "copy live values" replaces what is in the form while it is open
  useEffect(() => form.reset(values), [values, form]);
  const save = useUpdateFinancialMetrics({ onSuccess: onDone });
  const f = useFormat();
  const { t } = useTranslation(["admin", "common"]);
  const { errors } = form.formState;

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((v) => save.mutate(v))}>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map(({ name, label, inputMode, money }) => (
          <FormField
            key={name}
            id={`metric-${name}`}
            label={
              money
                ? t("metrics.withCurrency", { label: t(`metrics.${label}`), currency: f.currencySymbol })
                : t(`metrics.${label}`)
            }
            error={translateMessage(errors[name]?.message ?? "")}
          >
            <Input
              id={`metric-${name}`}
              inputMode={inputMode}
              className="tabular-nums"
              aria-invalid={errors[name] ? true : undefined}
              {...form.register(name)}
            />
          </FormField>
        ))}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" />}
          {t("common:actions.save")}
        </Button>
      </div>
    </form>
  );
}
