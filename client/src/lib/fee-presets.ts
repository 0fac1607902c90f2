import { feeFor, presetOn } from "@common/fee-presets";
import type { FeePreset, SaveFeePresetInput } from "@common/schemas/fee-presets";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "./http";

/** every version of the user's fee presets: Settings lists the current ones, the sale dialogs pick by day */
const KEY = ["/api/fee-presets"] as const;

export function useFeePresets() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => apiRequest<FeePreset[]>("GET", "/api/fee-presets"),
    staleTime: 60_000,
  });
}

export function useSaveFeePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveFeePresetInput) => apiRequest<FeePreset>("POST", "/api/fee-presets", input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/**
 * The fee a sale on `platform` on `day` pays by the preset valid that day, written as the fee field
 * shows amounts ("1,70"); null without a preset. An unreadable sale price counts as 0 (the fixed
 * part alone).
 */
export function presetFee(
  versions: readonly FeePreset[] | undefined,
  platform: string,
  day: string,
  salePrice: string | null,
): string | null {
  const preset = versions ? presetOn(versions, platform, day) : undefined;
  if (!preset) return null;
  return feeFor(preset, salePrice ?? "0").replace(".", ",");
}
