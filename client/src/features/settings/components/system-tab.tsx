import { DEFAULT_SYSTEM_SETTINGS, type SystemSettings, systemSettingsSchema } from "@common/schemas/settings";
import { useTranslation } from "react-i18next";
import { useGroupDraft } from "../lib/use-group-draft";
import { useSaveGroup } from "../lib/use-save-group";
import { BackupsCard } from "./backups-card";
import { HostBudgetsCard } from "./host-budgets-card";
import { SettingsCard } from "./settings-card";
import { NumberSetting, SwitchSetting } from "./setting-rows";

export function SystemTab({ saved, readOnly }: { saved: SystemSettings; readOnly: boolean }) {
  const { value, set, validate, reset, errors } = useGroupDraft(saved, systemSettingsSchema);
  const { t } = useTranslation("settings");
  const { save, saving } = useSaveGroup("system", { validate, reset }, "system.saved");
  const common = { disabled: readOnly };

  return (
    <>
      <SettingsCard
        title={t("system.title")}
        description={t("system.description")}
        readOnly={readOnly}
        saving={saving}
        onSave={save}
      >
        <SwitchSetting
          id="enableAutoBackup"
          label={t("system.enableAutoBackup")}
          description={t("system.enableAutoBackupHelp")}
          checked={value.enableAutoBackup}
          onChange={(v) => set("enableAutoBackup", v)}
          {...common}
        />
        <NumberSetting
          id="backupInterval"
          label={t("system.backupInterval")}
          unit={t("units.hours")}
          min={1}
          max={168}
          fallback={DEFAULT_SYSTEM_SETTINGS.backupInterval}
          value={value.backupInterval}
          error={errors.backupInterval}
          onChange={(v) => set("backupInterval", v)}
          {...common}
        />
        <NumberSetting
          id="maxBackupFiles"
          label={t("system.maxBackupFiles")}
          unit={t("units.files")}
          min={1}
          max={30}
          fallback={DEFAULT_SYSTEM_SETTINGS.maxBackupFiles}
          value={value.maxBackupFiles}
          error={errors.maxBackupFiles}
          onChange={(v) => set("maxBackupFiles", v)}
          {...common}
        />
        <SwitchSetting
          id="enableMetrics"
          label={t("system.enableMetrics")}
          description={t("system.enableMetricsHelp")}
          checked={value.enableMetrics}
          onChange={(v) => set("enableMetrics", v)}
          {...common}
        />
        <SwitchSetting
          id="enableHealthCheck"
          label={t("system.enableHealthCheck")}
          description={t("system.enableHealthCheckHelp")}
          checked={value.enableHealthCheck}
          onChange={(v) => set("enableHealthCheck", v)}
          {...common}
        />
        <NumberSetting
          id="healthCheckInterval"
          label={t("system.healthCheckInterval")}
          unit={t("units.minutes")}
          min={1}
          max={1440}
          fallback={DEFAULT_SYSTEM_SETTINGS.healthCheckInterval}
          value={value.healthCheckInterval}
          error={errors.healthCheckInterval}
          onChange={(v) => set("healthCheckInterval", v)}
          {...common}
        />
      </SettingsCard>
      {!readOnly && <BackupsCard />}
      {!readOnly && <HostBudgetsCard />}
    </>
  );
}
