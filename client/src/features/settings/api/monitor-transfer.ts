import type { MonitorImportAnswer, MonitorImportRequest } from "@common/schemas/monitor-transfer";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";

/**
 * the preview (commit false) and the import itself (commit true); after an import every screen's
 * data is refetched (the monitor list, its counts and the activity all changed)
 */
export function useImportMonitors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MonitorImportRequest) =>
      apiRequest<MonitorImportAnswer>("POST", "/api/products/import", request),
    onSuccess: (answer) => {
      if (answer.created > 0) void queryClient.invalidateQueries();
    },
  });
}
