import { SALE_PLATFORMS } from "@common/sale-platforms";
import { evaluateExpression } from "@common/expression";
import { subtractMoney } from "@common/money";
import { format } from "date-fns";
import { FormField } from "@/components/form-field";
import { MoneyInput } from "@/components/money-input";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { formatEuro } from "@/lib/format";
import { cn } from "@/lib/utils";

export interface SaleFieldValues {
  salePrice: string;
  fees: string;
  buyer: string;
  platform: string;
  /** the day picked in the date field, yyyy-MM-dd */
  saleDay: string;
}

const today = () => format(new Date(), "yyyy-MM-dd");

export const emptySaleFields = (): SaleFieldValues => ({
  salePrice: "",
  fees: "",
  buyer: "",
  platform: "",
  saleDay: today(),
});

/** A sale made today keeps the current time. Another day has no known time: it is sent as that
 * day at 00:00 UTC, which the lists read as "date only" (see isDateOnly in lib/format). */
export function saleDateFrom(day: string): string | undefined {
  if (!day) return undefined;
  if (day === today()) return new Date().toISOString();
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) ? "inválida" : date.toISOString();
}

interface SaleFieldsProps {
  idPrefix: string;
  values: SaleFieldValues;
  onChange: (change: Partial<SaleFieldValues>) => void;
  errors: Record<string, string>;
  /** the item's price and shipping, for the profit preview; null when no item is chosen */
  cost: { price: string; shippingPrice: string } | null;
  platformRequired?: boolean;
  /** the status dialog records the sale as of now, so it has no date field */
  withDate?: boolean;
}

/** the list, plus a name typed before the list existed so that editing such a sale keeps it */
function platformChoices(current: string): string[] {
  const list: string[] = [...SALE_PLATFORMS];
  return current && !list.includes(current) ? [current, ...list] : list;
}

/** the client's profit is only a preview: the server computes the real one */
export function profitPreview(values: SaleFieldValues, cost: SaleFieldsProps["cost"]): string | null {
  const sale = evaluateExpression(values.salePrice);
  const fees = values.fees.trim() === "" ? "0.00" : evaluateExpression(values.fees);
  if (!cost || sale === null || fees === null) return null;
  return subtractMoney(sale, cost.price, cost.shippingPrice, fees);
}

export function SaleFields({
  idPrefix,
  values,
  onChange,
  errors,
  cost,
  platformRequired,
  withDate = true,
}: SaleFieldsProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const profit = profitPreview(values, cost);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        id={id("salePrice")}
        label="Preço de venda (€)"
        error={errors.salePrice}
        hint="Aceita contas: 40+5,5"
      >
        <MoneyInput
          id={id("salePrice")}
          placeholder="0,00"
          value={values.salePrice}
          onValueChange={(salePrice) => onChange({ salePrice })}
          aria-invalid={errors.salePrice ? true : undefined}
        />
      </FormField>
      <FormField id={id("fees")} label="Taxas (€)" error={errors.fees} hint="Ex.: 2+1,5">
        <MoneyInput
          id={id("fees")}
          placeholder="0,00"
          value={values.fees}
          onValueChange={(fees) => onChange({ fees })}
          aria-invalid={errors.fees ? true : undefined}
        />
      </FormField>
      <FormField
        id={id("platform")}
        label={platformRequired ? "Plataforma" : "Plataforma (opcional)"}
        error={errors.platform}
      >
        <Select value={values.platform} onValueChange={(platform) => onChange({ platform })}>
          <SelectTrigger id={id("platform")} aria-invalid={errors.platform ? true : undefined}>
            <SelectValue placeholder="Escolha a plataforma" />
          </SelectTrigger>
          <SelectContent>
            {platformChoices(values.platform).map((p) => (
              <SelectItem key={p} value={p}>
                {p}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      {withDate && (
        <FormField id={id("saleDate")} label="Data da venda" error={errors.saleDate}>
          <Input
            id={id("saleDate")}
            type="date"
            value={values.saleDay}
            onChange={(e) => onChange({ saleDay: e.target.value })}
            aria-invalid={errors.saleDate ? true : undefined}
          />
        </FormField>
      )}
      <FormField id={id("buyer")} label="Comprador (opcional)" error={errors.buyer}>
        <Input id={id("buyer")} value={values.buyer} onChange={(e) => onChange({ buyer: e.target.value })} />
      </FormField>
      {cost && (
        <div className="flex items-center justify-between rounded-lg border bg-muted/40 px-3 py-2 text-sm sm:col-span-2">
          <span className="text-muted-foreground">Lucro previsto</span>
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
            {profit === null ? "—" : formatEuro(profit)}
          </span>
        </div>
      )}
    </div>
  );
}
