import { type AlertChannels, effectiveAlertChannels } from "@common/schemas/products";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { getSettingsQueryOptions } from "@/lib/user-settings";
import type { ProductForm } from "./product-form";

const CHANNELS = ["webhook", "email", "push"] as const;

/**
 * Where this product's alerts go. Until the user flips a switch the product follows Settings
 * (e-mail and push there), so the switches start from what Settings say today.
 */
export function AlertChannelsField({ form }: { form: ProductForm }) {
  const { t } = useTranslation("monitor");
  const { data: settings } = useQuery({ ...getSettingsQueryOptions(), staleTime: Number.POSITIVE_INFINITY });
  const chosen = form.watch("alertChannels");
  const channels: AlertChannels = effectiveAlertChannels(chosen, {
    emailNotifications: settings?.user.emailNotifications ?? true,
    pushNotifications: settings?.user.pushNotifications ?? false,
  });
  const set = (channel: (typeof CHANNELS)[number], on: boolean) =>
    form.setValue("alertChannels", { ...channels, [channel]: on }, { shouldDirty: true });

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{t("channels.title")}</legend>
      <div className="divide-y rounded-md border">
        {CHANNELS.map((channel) => (
          <div key={channel} className="flex items-center justify-between gap-3 px-3 py-2">
            <Label htmlFor={`channel-${channel}`} className="grid gap-0.5 font-normal">
              <span className="text-sm font-medium">{t(`channels.${channel}`)}</span>
              <span className="text-xs text-muted-foreground">{t(`channels.${channel}Hint`)}</span>
            </Label>
            <Switch
              id={`channel-${channel}`}
              checked={channels[channel]}
              onCheckedChange={(on) => set(channel, on)}
            />
          </div>
        ))}
      </div>
      {!channels.webhook && !channels.email && !channels.push && (
        <p className="text-xs text-muted-foreground">{t("channels.none")}</p>
      )}
    </fieldset>
  );
}

/** the switches count only once touched: an untouched product keeps following Settings */
export function withChosenChannels<T extends { alertChannels?: AlertChannels | null }>(
  values: T,
  touched: boolean,
): T {
  return touched ? values : { ...values, alertChannels: undefined };
}
