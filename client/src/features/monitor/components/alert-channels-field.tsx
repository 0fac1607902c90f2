import {
  ALERT_CHANNELS,
  type AlertChannelKey,
  CHANNEL_SETTING_DEFAULTS,
  channelTexts,
} from "@common/alert-channels";
import { type AlertChannels, effectiveAlertChannels } from "@common/schemas/products";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { getSettingsQueryOptions } from "@/lib/user-settings";
import type { ProductForm } from "./product-form";

/**
 * Where this product's alerts go. Until the user flips a switch the product follows Settings
 * (e-mail and push there), so the switches start from what Settings say today.
 */
export function AlertChannelsField({ form }: { form: ProductForm }) {
  const { t, i18n } = useTranslation("monitor");
  const { data: settings } = useQuery({ ...getSettingsQueryOptions(), staleTime: Number.POSITIVE_INFINITY });
  const chosen = form.watch("alertChannels");
  // without SMTP on the server no e-mail can leave: the switch is off and disabled, as in Settings
  const emailOff = settings?.emailConfigured === false;
  const followed = effectiveAlertChannels(chosen, settings?.user ?? CHANNEL_SETTING_DEFAULTS);
  const channels: AlertChannels = emailOff ? { ...followed, email: false } : followed;
  const set = (channel: AlertChannelKey, on: boolean) =>
    form.setValue("alertChannels", { ...channels, [channel]: on }, { shouldDirty: true });

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{t("channels.title")}</legend>
      <div className="divide-y rounded-md border">
        {ALERT_CHANNELS.map((channel) => {
          const texts = channelTexts(channel, i18n.language);
          const unavailable = emailOff && channel.key === "email";
          return (
            <div key={channel.key} className="flex items-center justify-between gap-3 px-3 py-2">
              <Label htmlFor={`channel-${channel.key}`} className="grid gap-0.5 font-normal">
                <span className="text-sm font-medium">{texts.label}</span>
                <span className="text-xs text-muted-foreground">
                  {unavailable ? t("channels.emailNotConfigured") : texts.hint}
                </span>
              </Label>
              <Switch
                id={`channel-${channel.key}`}
                checked={channels[channel.key]}
                disabled={unavailable}
                onCheckedChange={(on) => set(channel.key, on)}
              />
            </div>
          );
        })}
      </div>
      {!ALERT_CHANNELS.some((c) => channels[c.key]) && (
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
