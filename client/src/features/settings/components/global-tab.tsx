import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings, globalSettingsSchema } from "@common/schemas/settings";
import { useGroupDraft } from "../lib/use-group-draft";
import { useSaveGroup } from "../lib/use-save-group";
import { SettingsCard } from "./settings-card";
import { NumberSetting, SelectSetting, SwitchSetting, WebhookSetting } from "./setting-rows";

const LOG_LEVELS = [
  ["debug", "Debug"],
  ["info", "Info"],
  ["warn", "Aviso (warn)"],
  ["error", "Erro (error)"],
] as const;

export function GlobalTab({ saved, readOnly }: { saved: GlobalSettings; readOnly: boolean }) {
  const { value, set, validate, reset, errors } = useGroupDraft(saved, globalSettingsSchema);
  const { save, saving } = useSaveGroup("global", { validate, reset }, "Configurações globais guardadas");
  const common = { disabled: readOnly };

  return (
    <SettingsCard
      title="Configurações globais"
      description="Como o motor verifica os produtos de todos os utilizadores"
      readOnly={readOnly}
      saving={saving}
      onSave={save}
    >
      <NumberSetting
        id="defaultCheckInterval"
        label="Intervalo de verificação padrão"
        unit="segundos"
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
        label="Máximo de verificações simultâneas"
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
        label="Notificações"
        description="Enviar alertas de stock para os webhooks"
        checked={value.enableNotifications}
        onChange={(v) => set("enableNotifications", v)}
        {...common}
      />
      <SwitchSetting
        id="enableErrorAlerts"
        label="Alertas de erro"
        description="Avisar quando um produto falha 3 verificações seguidas"
        checked={value.enableErrorAlerts}
        onChange={(v) => set("enableErrorAlerts", v)}
        {...common}
      />
      <SwitchSetting
        id="autoStartNewProducts"
        label="Iniciar novos produtos automaticamente"
        description="Um produto novo começa a ser monitorizado logo que é criado"
        checked={value.autoStartNewProducts}
        onChange={(v) => set("autoStartNewProducts", v)}
        {...common}
      />
      <WebhookSetting
        id="defaultWebhookUrl"
        label="Webhook padrão"
        description="Preenche o webhook dos novos produtos de quem não tem um webhook padrão seu"
        value={value.defaultWebhookUrl}
        error={errors.defaultWebhookUrl}
        onChange={(v) => set("defaultWebhookUrl", v.trim())}
        {...common}
      />
      <SwitchSetting
        id="enableLogging"
        label="Registo de logs"
        description="Desligado, o servidor só regista avisos e erros"
        checked={value.enableLogging}
        onChange={(v) => set("enableLogging", v)}
        {...common}
      />
      <SelectSetting
        id="logLevel"
        label="Nível de log"
        options={LOG_LEVELS}
        value={value.logLevel}
        onChange={(v) => set("logLevel", v)}
        {...common}
      />
    </SettingsCard>
  );
}
