import { DEFAULT_SYSTEM_SETTINGS, type SystemSettings, systemSettingsSchema } from "@common/schemas/settings";
import { useGroupDraft } from "../lib/use-group-draft";
import { useSaveGroup } from "../lib/use-save-group";
import { SettingsCard } from "./settings-card";
import { NumberSetting, SwitchSetting } from "./setting-rows";

export function SystemTab({ saved, readOnly }: { saved: SystemSettings; readOnly: boolean }) {
  const { value, set, validate, reset, errors } = useGroupDraft(saved, systemSettingsSchema);
  const { save, saving } = useSaveGroup("system", { validate, reset }, "Configurações do sistema guardadas");
  const common = { disabled: readOnly };

  return (
    <SettingsCard
      title="Sistema"
      description="Backups, métricas e monitorização de saúde do servidor"
      readOnly={readOnly}
      saving={saving}
      onSave={save}
    >
      <SwitchSetting
        id="enableAutoBackup"
        label="Backup automático"
        description="Cópia da base de dados embutida em DATA_DIR/backups"
        checked={value.enableAutoBackup}
        onChange={(v) => set("enableAutoBackup", v)}
        {...common}
      />
      <NumberSetting
        id="backupInterval"
        label="Intervalo de backup"
        unit="horas"
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
        label="Máximo de backups guardados"
        unit="ficheiros"
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
        label="Métricas"
        description="Publica métricas Prometheus em /metrics"
        checked={value.enableMetrics}
        onChange={(v) => set("enableMetrics", v)}
        {...common}
      />
      <SwitchSetting
        id="enableHealthCheck"
        label="Monitorização de saúde"
        description="/api/health indica o estado da base de dados e do motor"
        checked={value.enableHealthCheck}
        onChange={(v) => set("enableHealthCheck", v)}
        {...common}
      />
      <NumberSetting
        id="healthCheckInterval"
        label="Intervalo de verificação de saúde"
        unit="minutos"
        min={1}
        max={1440}
        fallback={DEFAULT_SYSTEM_SETTINGS.healthCheckInterval}
        value={value.healthCheckInterval}
        error={errors.healthCheckInterval}
        onChange={(v) => set("healthCheckInterval", v)}
        {...common}
      />
    </SettingsCard>
  );
}
