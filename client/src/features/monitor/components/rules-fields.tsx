import type { MonitorRulesInput } from "@common/schemas/monitor-rules";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { sizeList } from "@common/schemas/settings";
import { useQuery } from "@tanstack/react-query";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { translateMessage } from "@/lib/i18n";
import { getSettingsQueryOptions } from "@/lib/user-settings";
import type { ProductForm } from "./product-form";

type ListKey = "allWords" | "anyWords" | "excludeWords" | "sizes" | "brands" | "conditions" | "mySizes";
type AmountKey = "minPrice" | "maxPrice" | "targetPrice";

const toList = (text: string) =>
  text
    .split(",")
    .map((w) => w.trim())
    .filter(Boolean);

/** the first message of a rule's errors (a list's error sits on one of its entries) */
function ruleError(form: ProductForm, key: keyof MonitorRulesInput): string | undefined {
  const errors = form.formState.errors.rules as Record<string, unknown> | undefined;
  const error = errors?.[key] as { message?: unknown } | Record<string, { message?: unknown }> | undefined;
  if (!error) return undefined;
  const own = (error as { message?: unknown }).message;
  const nested = Object.values(error).find((e) => e && typeof e === "object" && "message" in e) as
    | { message?: unknown }
    | undefined;
  const message = typeof own === "string" ? own : nested?.message;
  return typeof message === "string" ? translateMessage(message) : undefined;
}

function useRules(form: ProductForm) {
  const rules = (form.watch("rules") ?? {}) as MonitorRulesInput;
  const set = (change: Partial<MonitorRulesInput>) =>
    form.setValue("rules", { ...rules, ...change }, { shouldDirty: true });
  return { rules, set };
}

/** a list of words typed with commas between them: what the user types stays as typed */
function WordsField({
  form,
  name,
  label,
  hint,
}: {
  form: ProductForm;
  name: ListKey;
  label: string;
  hint?: string;
}) {
  const { rules, set } = useRules(form);
  const [text, setText] = useState(() => ((rules[name] as string[] | undefined) ?? []).join(", "));
  const id = `rules-${name}`;
  return (
    <FormField id={id} label={label} hint={hint} error={ruleError(form, name)}>
      <Input
        id={id}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          set({ [name]: toList(e.target.value) });
        }}
        autoComplete="off"
      />
    </FormField>
  );
}

function AmountField({ form, name, label }: { form: ProductForm; name: AmountKey; label: string }) {
  const { rules, set } = useRules(form);
  const id = `rules-${name}`;
  return (
    <FormField id={id} label={label} error={ruleError(form, name)}>
      <Input
        id={id}
        inputMode="decimal"
        placeholder="0,00"
        value={String(rules[name] ?? "")}
        onChange={(e) => set({ [name]: e.target.value })}
      />
    </FormField>
  );
}

const Grid = ({ children }: { children: ReactNode }) => (
  <div className="grid gap-3 sm:grid-cols-2">{children}</div>
);

/** a search's filters: words, sizes, brands, condition and the price range (Vinted: with fees) */
export function SearchRulesFields({ form, vinted }: { form: ProductForm; vinted: boolean }) {
  const { t } = useTranslation("monitor");
  const { rules, set } = useRules(form);
  return (
    <div className="space-y-3" data-testid="search-rules">
      <p className="text-xs text-muted-foreground">{t("rules.searchNote")}</p>
      <WordsField form={form} name="allWords" label={t("rules.allWords")} hint={t("rules.wordsHint")} />
      <Grid>
        <WordsField form={form} name="anyWords" label={t("rules.anyWords")} />
        <WordsField form={form} name="excludeWords" label={t("rules.excludeWords")} />
      </Grid>
      <Grid>
        <WordsField form={form} name="sizes" label={t("rules.sizes")} />
        <WordsField form={form} name="brands" label={t("rules.brands")} />
      </Grid>
      {vinted && (
        <WordsField
          form={form}
          name="conditions"
          label={t("rules.conditions")}
          hint={t("rules.conditionsHint")}
        />
      )}
      <Grid>
        <AmountField form={form} name="minPrice" label={t("rules.minPrice")} />
        <AmountField form={form} name="maxPrice" label={t("rules.maxPrice")} />
      </Grid>
      {vinted && (
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={rules.maxIsTotal === true}
            onChange={(e) => set({ maxIsTotal: e.target.checked })}
          />
          <span>
            {t("rules.maxIsTotal")}
            <span className="block text-xs text-muted-foreground">{t("rules.maxIsTotalHint")}</span>
          </span>
        </label>
      )}
    </div>
  );
}

/** a product's price rules and "only my sizes" */
export function ProductRulesFields({ form }: { form: ProductForm }) {
  const { t } = useTranslation("monitor");
  const { rules, set } = useRules(form);
  return (
    <div className="space-y-3" data-testid="product-rules">
      <Grid>
        <AmountField form={form} name="targetPrice" label={t("rules.targetPrice")} />
        <FormField
          id="rules-dropPercent"
          label={t("rules.dropPercent")}
          error={ruleError(form, "dropPercent")}
        >
          <Input
            id="rules-dropPercent"
            inputMode="numeric"
            placeholder="20"
            value={
              rules.dropPercent === null || rules.dropPercent === undefined ? "" : String(rules.dropPercent)
            }
            onChange={(e) => {
              const value = e.target.value.trim();
              set({ dropPercent: value === "" ? null : Number(value) });
            }}
          />
        </FormField>
      </Grid>
      <MySizesField form={form} />
    </div>
  );
}

/**
 * "Only my sizes", with the usual sizes saved in Settings → Utilizador offered as one click each:
 * offered, not filled in by themselves, so a shoe never inherits the clothing sizes and goes quiet.
 */
function MySizesField({ form }: { form: ProductForm }) {
  const { t } = useTranslation("monitor");
  const { set } = useRules(form);
  const settings = useQuery(getSettingsQueryOptions()).data?.user;
  // the field keeps what is typed; a click replaces it, so it is drawn again
  const [filled, setFilled] = useState(0);
  const offers = (
    [
      ["clothing", sizeList(settings?.usualClothingSizes)],
      ["shoes", sizeList(settings?.usualShoeSizes)],
    ] as const
  ).filter(([, sizes]) => sizes.length > 0);
  return (
    <div className="space-y-1.5">
      <WordsField
        key={filled}
        form={form}
        name="mySizes"
        label={t("rules.mySizes")}
        hint={t("rules.mySizesHint")}
      />
      {offers.length > 0 && (
        <div className="flex flex-wrap gap-2" data-testid="usual-sizes">
          {offers.map(([kind, sizes]) => (
            <Button
              key={kind}
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                set({ mySizes: [...sizes] });
                setFilled((n) => n + 1);
              }}
            >
              {t(`rules.usualSizes.${kind}`, { sizes: sizes.join(", ") })}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
