import { SALE_PLATFORMS } from "@common/sale-platforms";
import { evaluateExpression } from "@common/expression";
import { subtractMoney } from "@common/money";
import { FormField } from "@/components/form-field";
import { MoneyInput } from "@/components/money-input";
import { Input } from "@/components/ui/input";
import { formatEuro } from "@/lib/format";
import { cn } from "@/lib/utils";

export interface SaleFieldValues {
  salePrice: string;
  fees: string;
  buyer: string;
  platform: string;
}

export const EMPTY_SALE_FIELDS: SaleFieldValues = { salePrice: "", fees: "", buyer: "", platform: "" };

interface SaleFieldsProps {
  idPrefix: string;
  values: SaleFieldValues;
  onChange: (change: Partial<SaleFieldValues>) => void;
  errors: Record<string, string>;
  /** the item's price and shipping, for the profit preview; null when no item is chosen */
  cost: { price: string; shippingPrice: string } | null;
  platformRequired?: boolean;
}

/** the client's profit is only a preview: the server computes the real one (DECISIONS §6) */
export function profitPreview(values: SaleFieldValues, cost: SaleFieldsProps["cost"]): string | null {
  const sale = evaluateExpression(values.salePrice);
  const fees = values.fees.trim() === "" ? "0.00" : evaluateExpression(values.fees);
  if (!cost || sale === null || fees === null) return null;
  return subtractMoney(sale, cost.price, cost.shippingPrice, fees);
}

export function SaleFields({ idPrefix, values, onChange, errors, cost, platformRequired }: SaleFieldsProps) {
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
        <Input
          id={id("platform")}
          list={id("platforms")}
          placeholder="Vinted, OLX…"
          value={values.platform}
          onChange={(e) => onChange({ platform: e.target.value })}
          aria-invalid={errors.platform ? true : undefined}
        />
        <datalist id={id("platforms")}>
          {SALE_PLATFORMS.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
      </FormField>
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
