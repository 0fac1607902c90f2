import type { SettingsResponse } from "@common/schemas/settings";
import { Bell, DatabaseBackup, HeartPulse, Timer } from "lucide-react";
import { MetricTile } from "@/components/metric-tile";

export function SettingsSummary({ settings }: { settings: SettingsResponse }) {
  const { global, system } = settings;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <MetricTile label="Intervalo padrão" value={`${global.defaultCheckInterval} s`} icon={Timer} />
      <MetricTile
        label="Notificações"
        value={global.enableNotifications ? "Ativadas" : "Desativadas"}
        icon={Bell}
        tone={global.enableNotifications ? "success" : "muted"}
      />
      <MetricTile
        label="Backup automático"
        value={system.enableAutoBackup ? "Ativo" : "Inativo"}
        hint={system.enableAutoBackup ? `A cada ${system.backupInterval} h` : undefined}
        icon={DatabaseBackup}
        tone={system.enableAutoBackup ? "success" : "muted"}
      />
      <MetricTile
        label="Monitorização de saúde"
        value={system.enableHealthCheck ? "Ativa" : "Inativa"}
        icon={HeartPulse}
        tone={system.enableHealthCheck ? "success" : "muted"}
      />
    </div>
  );
}
