import type { SettingsResponse } from "@common/schemas/settings";
import { Bell, DatabaseBackup, HeartPulse, Timer } from "lucide-react";
import { useTranslation } from "react-i18next";
import { MetricTile } from "@/components/metric-tile";

/** a plain user sees what shapes their own monitors; the server's backups and health are the admin's */
export function SettingsSummary({ settings, admin }: { settings: SettingsResponse; admin: boolean }) {
  const { global, system } = settings;
  const { t } = useTranslation("settings");
  return (
    <div className={`grid grid-cols-2 gap-3 sm:gap-4 ${admin ? "lg:grid-cols-4" : ""}`}>
      <MetricTile
        label={t("summary.defaultInterval")}
        value={t("summary.seconds", { value: global.defaultCheckInterval })}
        icon={Timer}
      />
      <MetricTile
        label={t("summary.notifications")}
        value={global.enableNotifications ? t("summary.notificationsOn") : t("summary.notificationsOff")}
        icon={Bell}
        tone={global.enableNotifications ? "success" : "muted"}
      />
      {admin && (
        <MetricTile
          label={t("summary.autoBackup")}
          value={system.enableAutoBackup ? t("summary.autoBackupOn") : t("summary.autoBackupOff")}
          hint={
            system.enableAutoBackup ? t("summary.everyHours", { hours: system.backupInterval }) : undefined
          }
          icon={DatabaseBackup}
          tone={system.enableAutoBackup ? "success" : "muted"}
        />
      )}
      {admin && (
        <MetricTile
          label={t("summary.healthCheck")}
          value={system.enableHealthCheck ? t("summary.healthCheckOn") : t("summary.healthCheckOff")}
          icon={HeartPulse}
          tone={system.enableHealthCheck ? "success" : "muted"}
        />
      )}
    </div>
  );
}
