import { DEFAULTS_VALID_FROM, presetOn, type ShippingPaidBy } from "@common/fee-presets";
import { SALE_PLATFORMS, type SalePlatform } from "@common/sale-platforms";
import type { FeePreset } from "@common/schemas/fee-presets";
import { Loader2, Save } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { MoneyInput } from "@/components/money-input";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { useFeePresets, useSaveFeePreset } from "@/lib/fee-presets";
import { toastFailure } from "@/lib/mutation-feedback";
import { useFormat } from "@/lib/user-settings";

interface Draft {
  percent: string;
  fixedAmount: string;
  shippingPaidBy: ShippingPaidBy;
}

/** a stored amount as the fields show it: "5.00" → "5", "0.70" → "0,70" */
const shown = (amount: string) => amount.replace(/\.00$/, "").replace(".", ",");

const draftOf = (preset: FeePreset): Draft => ({
  percent: shown(preset.percent),
  fixedAmount: shown(preset.fixedAmount),
  shippingPaidBy: preset.shippingPaidBy,
});

/** one platform: its preset valid today, editable; saving adds a version valid from today */
function PresetRow({ preset, versions }: { preset: FeePreset; versions: number }) {
  const { t } = useTranslation("settings");
  const f = useFormat();
  const save = useSaveFeePreset();
  const [draft, setDraft] = useState<Draft>(() => draftOf(preset));
  const changed = JSON.stringify(draft) !== JSON.stringify(draftOf(preset));
  const id = (name: string) => `fee-${preset.platform.replace(/\s+/g, "-")}-${name}`;
  const submit = () =>
    save.mutate(
      { platform: preset.platform as SalePlatform, ...draft },
      {
        onSuccess: () => toast.success(t("fees.saved", { platform: preset.platform })),
        onError: toastFailure("settings:toast.saveFailed", "settings:toast.saveFailed"),
      },
    );
  return (
    <div
      className="grid grid-cols-2 items-end gap-3 py-4 sm:grid-cols-[9rem_1fr_1fr_1.3fr_auto]"
      data-testid={`fee-row-${preset.platform}`}
    >
      <div className="col-span-2 min-w-0 self-center sm:col-span-1">
        <p className="font-medium">{preset.platform}</p>
        <p className="text-xs text-muted-foreground">
          {preset.validFrom === DEFAULTS_VALID_FROM
            ? t("fees.defaultTerms")
            : t("fees.since", { date: f.dateOnly(preset.validFrom) })}
          {versions > 1 && ` · ${t("fees.versions", { count: versions })}`}
        </p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id("percent")}>{t("fees.percent")}</Label>
        <MoneyInput
          id={id("percent")}
          value={draft.percent}
          onValueChange={(percent) => setDraft((d) => ({ ...d, percent }))}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id("fixed")}>{t("fees.fixed", { currency: f.currencySymbol })}</Label>
        <MoneyInput
          id={id("fixed")}
          value={draft.fixedAmount}
          onValueChange={(fixedAmount) => setDraft((d) => ({ ...d, fixedAmount }))}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id("shipping")}>{t("fees.shipping")}</Label>
        <Select
          value={draft.shippingPaidBy}
          onValueChange={(v) => setDraft((d) => ({ ...d, shippingPaidBy: v as ShippingPaidBy }))}
        >
          <SelectTrigger id={id("shipping")} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="buyer">{t("fees.paidBy.buyer")}</SelectItem>
            <SelectItem value="seller">{t("fees.paidBy.seller")}</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <Button
        variant={changed ? "default" : "outline"}
        disabled={!changed || save.isPending}
        onClick={submit}
        aria-label={t("fees.saveFor", { platform: preset.platform })}
      >
        {save.isPending ? <Loader2 className="animate-spin" /> : <Save />}
        {t("fees.save")}
      </Button>
    </div>
  );
}

/** Configurações → "Taxas por plataforma": the fee each sale platform takes, as the sale dialogs fill it */
export function FeePresetsCard() {
  const { t } = useTranslation("settings");
  const f = useFormat();
  const presets = useFeePresets();
  const today = f.day(new Date());
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("fees.title")}</CardTitle>
        <CardDescription>{t("fees.description")}</CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        {presets.isLoading || !presets.data ? (
          <Skeleton className="h-40" />
        ) : (
          SALE_PLATFORMS.map((platform) => {
            const current = presetOn(presets.data, platform, today);
            if (!current) return null;
            const versions = presets.data.filter((p) => p.platform === platform).length;
            // a new version remounts the row, so its draft starts from what was saved
            return (
              <PresetRow
                key={`${platform}-${current.id}-${current.percent}-${current.fixedAmount}-${current.shippingPaidBy}`}
                preset={current}
                versions={versions}
              />
            );
          })
        )}
      </CardContent>
    </Card>
  );
}
