import { toastFailure } from "@/lib/mutation-feedback";
import type { BackupEntry, BackupList } from "@common/schemas/backups";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest } from "@/lib/http";
import { i18n } from "@/lib/i18n";

const KEY = ["/api/admin/backups"] as const;

export function useBackups() {
  return useQuery({ queryKey: KEY, queryFn: () => apiRequest<BackupList>("GET", "/api/admin/backups") });
}

export function useBackupNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<BackupEntry>("POST", "/api/admin/backups"),
    onSuccess: () => {
      toast.success(i18n.t("settings:backups.made"));
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: toastFailure("settings:backups.makeFailed"),
  });
}

/** after a restore every screen's data is the backup's: everything is fetched again */
export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest<{ message: string; takenAt: string }>(
        "POST",
        `/api/admin/backups/${encodeURIComponent(name)}/restore`,
      ),
    onSuccess: () => {
      toast.success(i18n.t("settings:backups.restored"));
      void queryClient.invalidateQueries();
    },
    onError: toastFailure("settings:backups.restoreFailed"),
  });
}
