import { type UserSettings, userSettingsSchema } from "@common/schemas/settings";
import { toast } from "sonner";
import { useTheme } from "@/app/theme-provider";
import { disablePushOnThisDevice, enablePushOnThisDevice } from "@/lib/push";
import { useGroupDraft } from "../lib/use-group-draft";
import { useSaveGroup } from "../lib/use-save-group";
import { SettingsCard } from "./settings-card";
import { SelectSetting, SwitchSetting } from "./setting-rows";

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
  const { value, set, validate, reset } = useGroupDraft({ ...saved, theme }, userSettingsSchema);
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
        id="weeklyReport"
        label="Relatório semanal"
        checked={value.weeklyReport}
        onChange={(v) => set("weeklyReport", v)}
      />
    </SettingsCard>
  );
}
