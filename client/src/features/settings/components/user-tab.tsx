import { type AlertChannelKey, channelTexts, SETTING_CHANNELS } from "@common/alert-channels";
import { type UserSettings, userSettingsSchema } from "@common/schemas/settings";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { useTheme } from "@/lib/theme-provider";
import { playAlertSound } from "@/lib/alert-sound";
import { allowBrowserNotifications } from "@/lib/browser-notifications";
import { translateMessage } from "@/lib/i18n";
import { isAppleMobile, isInstalled } from "@/lib/install-app";
import { disablePushOnThisDevice, enablePushOnThisDevice } from "@/lib/push";
import { useGroupDraft } from "../lib/use-group-draft";
import { useSaveGroup } from "../lib/use-save-group";
import { SettingsCard } from "./settings-card";
import { SelectSetting, SwitchSetting, TextSetting, WebhookSetting } from "./setting-rows";

const THEMES = ["light", "dark"] as const;
/** each language by its own name, whatever the interface's language */
const LANGUAGES = [
  ["pt", "Português"], // i18n-ignore
  ["en", "English"], // i18n-ignore
  ["es", "Español"], // i18n-ignore
] as const;
/** the value and its label's key under `user.timezones` */
const TIMEZONES = [
  ["Europe/Lisbon", "lisbon"],
  ["UTC", "utc"],
  ["America/New_York", "newYork"],
] as const;
const CURRENCIES = ["EUR", "USD", "GBP"] as const;
/** channels whose switch first asks this device (push subscribes it); the others are plain switches */
const DEVICE_STEP: Partial<
  Record<AlertChannelKey, { enable(): Promise<unknown>; disable(): Promise<unknown> }>
> = { push: { enable: enablePushOnThisDevice, disable: disablePushOnThisDevice } };

/**
 * `emailConfigured`: the server has an SMTP server; without one the e-mail switch is off and
 * disabled, with the reason under it (the server refuses to turn it on).
 */
export function UserTab({ saved, emailConfigured }: { saved: UserSettings; emailConfigured: boolean }) {
  const { theme, setTheme } = useTheme();
  // the theme in effect in this browser is the one shown (the header toggle changes it too)
  const { value, set, validate, reset, errors } = useGroupDraft({ ...saved, theme }, userSettingsSchema);
  const { t, i18n } = useTranslation("settings");
  const { save, saving } = useSaveGroup("user", { validate, reset }, "user.saved");

  return (
    <SettingsCard title={t("user.title")} description={t("user.description")} saving={saving} onSave={save}>
      <SelectSetting
        id="theme"
        label={t("user.theme")}
        description={t("user.themeHelp")}
        options={THEMES.map((v) => [v, t(`user.themes.${v}`)] as const)}
        value={theme}
        onChange={(v) => {
          setTheme(v);
          set("theme", v);
        }}
      />
      <SelectSetting
        id="language"
        label={t("user.language")}
        options={LANGUAGES}
        value={value.language}
        onChange={(v) => set("language", v)}
      />
      <SelectSetting
        id="timezone"
        label={t("user.timezone")}
        options={TIMEZONES.map(([v, key]) => [v, t(`user.timezones.${key}`)] as const)}
        value={value.timezone}
        onChange={(v) => set("timezone", v)}
      />
      <SelectSetting
        id="currency"
        label={t("user.currency")}
        // the books keep their numbers: choosing US$ relabels 10,00 € as 10,00 US$, it does not convert
        description={t("user.currencyHelp")}
        options={CURRENCIES.map((v) => [v, t(`user.currencies.${v}`)] as const)}
        value={value.currency}
        onChange={(v) => set("currency", v)}
      />
      {SETTING_CHANNELS.map((channel) => {
        const device = DEVICE_STEP[channel.key];
        const unavailable = channel.key === "email" && !emailConfigured;
        return (
          <SwitchSetting
            key={channel.key}
            id={channel.setting}
            label={channelTexts(channel, i18n.language).setting ?? channel.key}
            description={
              unavailable
                ? t("user.emailNotConfigured")
                : channel.key === "push" && isAppleMobile() && !isInstalled()
                  ? t("user.pushApple")
                  : undefined
            }
            checked={unavailable ? false : value[channel.setting]}
            disabled={unavailable}
            onChange={(v) => {
              if (!device) return set(channel.setting, v);
              // a channel that needs this device's consent: the setting follows only if the browser allows it
              const change = v ? device.enable() : device.disable();
              change.then(
                () => set(channel.setting, v),
                (error: Error) => {
                  toast.error(translateMessage(error.message));
                  if (!v) set(channel.setting, false);
                },
              );
            }}
          />
        );
      })}
      <SwitchSetting
        id="browserNotifications"
        label={t("user.browserNotifications")}
        description={t("user.browserNotificationsHelp")}
        checked={value.browserNotifications}
        onChange={(v) => {
          // the browser's permission is asked here, from the click, never at load
          if (!v) set("browserNotifications", false);
          else
            allowBrowserNotifications().then(
              () => set("browserNotifications", true),
              (error: Error) => toast.error(translateMessage(error.message)),
            );
        }}
      />
      <SwitchSetting
        id="alertSound"
        label={t("user.alertSound")}
        description={t("user.alertSoundHelp")}
        checked={value.alertSound}
        onChange={(v) => {
          // a sample of the tone (and the click lets the page play sound later)
          if (v) playAlertSound();
          set("alertSound", v);
        }}
      />
      <SwitchSetting
        id="weeklyReport"
        label={t("user.weeklyReport")}
        checked={value.weeklyReport}
        onChange={(v) => set("weeklyReport", v)}
      />
      <TextSetting
        id="usualClothingSizes"
        label={t("user.usualClothingSizes")}
        description={t("user.usualSizesHelp")}
        placeholder="M, L" // i18n-ignore
        value={value.usualClothingSizes}
        error={errors.usualClothingSizes}
        onChange={(v) => set("usualClothingSizes", v)}
      />
      <TextSetting
        id="usualShoeSizes"
        label={t("user.usualShoeSizes")}
        placeholder="42, 43" // i18n-ignore
        value={value.usualShoeSizes}
        error={errors.usualShoeSizes}
        onChange={(v) => set("usualShoeSizes", v)}
      />
      <WebhookSetting
        id="user-defaultWebhookUrl"
        label={t("user.defaultWebhookUrl")}
        description={t("user.defaultWebhookUrlHelp")}
        value={value.defaultWebhookUrl}
        error={errors.defaultWebhookUrl}
        onChange={(v) => set("defaultWebhookUrl", v.trim())}
      />
    </SettingsCard>
  );
}
