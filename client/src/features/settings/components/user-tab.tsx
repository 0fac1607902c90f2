import { type UserSettings, userSettingsSchema } from "@common/schemas/settings";
import { toast } from "sonner";
import { useTheme } from "@/app/theme-provider";
import { playAlertSound } from "@/lib/alert-sound";
import { allowBrowserNotifications } from "@/lib/browser-notifications";
import { disablePushOnThisDevice, enablePushOnThisDevice } from "@/lib/push";
import { useGroupDraft } from "../lib/use-group-draft";
import { useSaveGroup } from "../lib/use-save-group";
import { SettingsCard } from "./settings-card";
import { SelectSetting, SwitchSetting, WebhookSetting } from "./setting-rows";

const THEMES = [
  ["light", "Claro"],
  ["dark", "Escuro"],
] as const;
const LANGUAGES = [
  ["pt", "Português"],
  ["en", "English"],
  ["es", "Español"],
] as const;
const TIMEZONES = [
  ["Europe/Lisbon", "Europa/Lisboa"],
  ["UTC", "UTC"],
  ["America/New_York", "América/Nova Iorque"],
] as const;
const CURRENCIES = [
  ["EUR", "Euro (€)"],
  ["USD", "Dólar (US$)"],
  ["GBP", "Libra (£)"],
] as const;

export function UserTab({ saved }: { saved: UserSettings }) {
  const { theme, setTheme } = useTheme();
  // the theme in effect in this browser is the one shown (the header toggle changes it too)
  const { value, set, validate, reset, errors } = useGroupDraft({ ...saved, theme }, userSettingsSchema);
  const { save, saving } = useSaveGroup("user", { validate, reset }, "Preferências guardadas");

  return (
    <SettingsCard
      title="Preferências do utilizador"
      description="Só afetam a sua conta"
      saving={saving}
      onSave={save}
    >
      <SelectSetting
        id="theme"
        label="Tema"
        description="Aplicado de imediato"
        options={THEMES}
        value={theme}
        onChange={(v) => {
          setTheme(v);
          set("theme", v);
        }}
      />
      <SelectSetting
        id="language"
        label="Idioma"
        options={LANGUAGES}
        value={value.language}
        onChange={(v) => set("language", v)}
      />
      <SelectSetting
        id="timezone"
        label="Fuso horário"
        options={TIMEZONES}
        value={value.timezone}
        onChange={(v) => set("timezone", v)}
      />
      <SelectSetting
        id="currency"
        label="Moeda"
        options={CURRENCIES}
        value={value.currency}
        onChange={(v) => set("currency", v)}
      />
      <SwitchSetting
        id="emailNotifications"
        label="Notificações por email"
        checked={value.emailNotifications}
        onChange={(v) => set("emailNotifications", v)}
      />
      <SwitchSetting
        id="pushNotifications"
        label="Notificações push"
        checked={value.pushNotifications}
        onChange={(v) => {
          // turning it on subscribes this device; the setting follows only if the browser allows it
          const change = v ? enablePushOnThisDevice() : disablePushOnThisDevice();
          change.then(
            () => set("pushNotifications", v),
            (error: Error) => {
              toast.error(error.message);
              if (!v) set("pushNotifications", false);
            },
          );
        }}
      />
      <SwitchSetting
        id="browserNotifications"
        label="Notificações no navegador quando um produto volta ao stock"
        description="Enquanto a aplicação estiver aberta; o navegador pede autorização"
        checked={value.browserNotifications}
        onChange={(v) => {
          // the browser's permission is asked here, from the click, never at load
          if (!v) set("browserNotifications", false);
          else
            allowBrowserNotifications().then(
              () => set("browserNotifications", true),
              (error: Error) => toast.error(error.message),
            );
        }}
      />
      <SwitchSetting
        id="alertSound"
        label="Som nos alertas"
        description="Um toque curto quando um produto volta ao stock"
        checked={value.alertSound}
        onChange={(v) => {
          // a sample of the tone (and the click lets the page play sound later)
          if (v) playAlertSound();
          set("alertSound", v);
        }}
      />
      <SwitchSetting
        id="weeklyReport"
        label="Relatório semanal"
        checked={value.weeklyReport}
        onChange={(v) => set("weeklyReport", v)}
      />
      <WebhookSetting
        id="user-defaultWebhookUrl"
        label="O meu webhook padrão"
        description="Preenche o webhook dos seus novos produtos. Vazio, vale o webhook padrão global."
        value={value.defaultWebhookUrl}
        error={errors.defaultWebhookUrl}
        onChange={(v) => set("defaultWebhookUrl", v.trim())}
      />
    </SettingsCard>
  );
}
