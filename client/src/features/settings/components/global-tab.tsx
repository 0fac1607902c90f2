import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings, globalSettingsSchema } from "@common/schemas/settings";
import { useTranslation } from "react-i18next";
import { useGroupDraft } from "../lib/use-group-draft";
import { useSaveGroup } from "../lib/use-save-group";
import { SettingsCard } from "./settings-card";
import { NumberSetting, SelectSetting, SwitchSetting, WebhookSetting } from "./setting-rows";

const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;

export function GlobalTab({ saved, readOnly }: { saved: GlobalSettings; readOnly: boolean }) {
  const { value, set, validate, reset, errors } = useGroupDraft(saved, globalSettingsSchema);
  const { t } = useTranslation("settings");
  const { save, saving } = useSaveGroup("global", { validate, reset }, "global.saved");
  const common = { disabled: readOnly };

  return (
    <SettingsCard
      title={t("global.title")}
      description={t("global.description")}
      readOnly={readOnly}
      saving={saving}
      onSave={save}
    >
      <NumberSetting
        id="defaultCheckInterval"
        label={t("global.defaultCheckInterval")}
        description={t("global.defaultCheckIntervalHelp")}
        unit={t("units.seconds")}
        min={1}
        max={3600}
        fallback={DEFAULT_GLOBAL_SETTINGS.defaultCheckInterval}
        value={value.defaultCheckInterval}
        error={errors.defaultCheckInterval}
        onChange={(v) => set("defaultCheckInterval", v)}
        {...common}
      />
      <NumberSetting
        id="maxConcurrentChecks"
        label={t("global.maxConcurrentChecks")}
        min={1}
        max={50}
        fallback={DEFAULT_GLOBAL_SETTINGS.maxConcurrentChecks}
        value={value.maxConcurrentChecks}
        error={errors.maxConcurrentChecks}
        onChange={(v) => set("maxConcurrentChecks", v)}
        {...common}
      />
      <SwitchSetting
        id="enableNotifications"
        label={t("global.enableNotifications")}
        description={t("global.enableNotificationsHelp")}
        checked={value.enableNotifications}
        onChange={(v) => set("enableNotifications", v)}
        {...common}
      />
      <SwitchSetting
        id="enableErrorAlerts"
        label={t("global.enableErrorAlerts")}
        description={t("global.enableErrorAlertsHelp")}
        checked={value.enableErrorAlerts}
        onChange={(v) => set("enableErrorAlerts", v)}
        {...common}
      />
      <SwitchSetting
        id="autoStartNewProducts"
        label={t("global.autoStartNewProducts")}
        description={t("global.autoStartNewProductsHelp")}
        checked={value.autoStartNewProducts}
        onChange={(v) => set("autoStartNewProducts", v)}
        {...common}
      />
      <WebhookSetting
        id="defaultWebhookUrl"
        label={t("global.defaultWebhookUrl")}
        description={t("global.defaultWebhookUrlHelp")}
        value={value.defaultWebhookUrl}
        error={errors.defaultWebhookUrl}
        onChange={(v) => set("defaultWebhookUrl", v.trim())}
        {...common}
      />
      <SwitchSetting
        id="enableLogging"
        label={t("global.enableLogging")}
        description={t("global.enableLoggingHelp")}
        checked={value.enableLogging}
        onChange={(v) => set("enableLogging", v)}
        {...common}
      />
      <SelectSetting
        id="logLevel"
        label={t("global.logLevel")}
        options={LOG_LEVELS.map((level) => [level, t(`global.logLevels.${level}`)] as const)}
        value={value.logLevel}
        onChange={(v) => set("logLevel", v)}
        {...common}
      />
      <NumberSetting
        id="quotaItems"
        label={t("global.quotaItems")}
        min={1}
        max={1000000}
        fallback={DEFAULT_GLOBAL_SETTINGS.quotaItems}
        value={value.quotaItems}
        error={errors.quotaItems}
        onChange={(v) => set("quotaItems", v)}
        {...common}
      />
      <NumberSetting
        id="quotaPhotos"
        label={t("global.quotaPhotos")}
        min={0}
        max={1000000}
        fallback={DEFAULT_GLOBAL_SETTINGS.quotaPhotos}
        value={value.quotaPhotos}
        error={errors.quotaPhotos}
        onChange={(v) => set("quotaPhotos", v)}
        {...common}
      />
      <NumberSetting
        id="quotaPhotoMb"
        label={t("global.quotaPhotoMb")}
        unit={t("units.mb")}
        min={1}
        max={100000}
        fallback={DEFAULT_GLOBAL_SETTINGS.quotaPhotoMb}
        value={value.quotaPhotoMb}
        error={errors.quotaPhotoMb}
        onChange={(v) => set("quotaPhotoMb", v)}
        {...common}
      />
      <NumberSetting
        id="quotaExpenses"
        label={t("global.quotaExpenses")}
        min={1}
        max={1000000}
        fallback={DEFAULT_GLOBAL_SETTINGS.quotaExpenses}
        value={value.quotaExpenses}
        error={errors.quotaExpenses}
        onChange={(v) => set("quotaExpenses", v)}
        {...common}
      />
      <NumberSetting
        id="quotaActivityRows"
        label={t("global.quotaActivityRows")}
        description={t("global.quotaActivityRowsHelp", { min: 100, max: 10000000 })}
        min={100}
        max={10000000}
        fallback={DEFAULT_GLOBAL_SETTINGS.quotaActivityRows}
        value={value.quotaActivityRows}
        error={errors.quotaActivityRows}
        onChange={(v) => set("quotaActivityRows", v)}
        {...common}
      />
      <NumberSetting
        id="inventoryWritesPerMinute"
        label={t("global.inventoryWritesPerMinute")}
        unit={t("units.perMinute")}
        min={1}
        max={10000}
        fallback={DEFAULT_GLOBAL_SETTINGS.inventoryWritesPerMinute}
        value={value.inventoryWritesPerMinute}
        error={errors.inventoryWritesPerMinute}
        onChange={(v) => set("inventoryWritesPerMinute", v)}
        {...common}
      />
      <SwitchSetting
        id="requireAdminTwoFactor"
        label={t("global.requireAdminTwoFactor")}
        description={t("global.requireAdminTwoFactorHelp")}
        checked={value.requireAdminTwoFactor}
        onChange={(v) => set("requireAdminTwoFactor", v)}
        {...common}
      />
    </SettingsCard>
  );
}
