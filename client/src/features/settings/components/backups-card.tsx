import { ArchiveRestore, DatabaseBackup } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { PageSpinner } from "@/components/spinner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/http";
import { translateMessage } from "@/lib/i18n";
import { useFormat } from "@/lib/user-settings";
import { useBackupNow, useBackups, useRestoreBackup } from "../api/backups";

/** Settings → Sistema (admins): the embedded database's backups, one made now, one put back */
export function BackupsCard() {
  const { t } = useTranslation(["settings", "common"]);
  const f = useFormat();
  const { data, isLoading, error } = useBackups();
  const backupNow = useBackupNow();
  const restore = useRestoreBackup();
  const busy = backupNow.isPending || restore.isPending;
  return (
    <Card className="mt-6" data-testid="backups">
      <CardHeader>
        <CardTitle>{t("backups.title")}</CardTitle>
        <CardDescription>{t("backups.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isLoading && <PageSpinner />}
        {error && <p className="text-sm text-destructive">{errorMessage(error, t("common:unknownError"))}</p>}
        {data?.unavailable && (
          <p className="text-sm text-muted-foreground">{translateMessage(data.unavailable)}</p>
        )}
        {data && !data.unavailable && (
          <>
            <div>
              <Button variant="outline" onClick={() => backupNow.mutate()} disabled={busy}>
                <DatabaseBackup />
                {t("backups.makeNow")}
              </Button>
            </div>
            {data.backups.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("backups.empty")}</p>
            ) : (
              <ul className="divide-y" data-testid="backups-list">
                {data.backups.map((backup) => (
                  <li key={backup.name} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <div className="min-w-0">
                      <p className="text-sm font-medium">{f.dateTime(backup.takenAt)}</p>
                      <p className="text-xs text-muted-foreground">
                        {t("backups.size", { size: f.number(backup.bytes / 1_048_576, 1) })}
                      </p>
                    </div>
                    <ConfirmDialog
                      trigger={
                        <Button variant="outline" size="sm" disabled={busy}>
                          <ArchiveRestore />
                          {t("backups.restore")}
                        </Button>
                      }
                      title={t("backups.restoreTitle", { date: f.dateTime(backup.takenAt) })}
                      description={t("backups.restoreDescription")}
                      confirmLabel={t("backups.restore")}
                      destructive
                      onConfirm={() => restore.mutate(backup.name)}
                    />
                  </li>
                ))}
              </ul>
            )}
            {restore.isPending && (
              <p role="status" className="text-sm text-muted-foreground">
                {t("backups.restoring")}
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
