import { EyeOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { useUser } from "@/lib/auth";
import { useRankingVisibility } from "../api/get-ranking";

/** "Esconder-me do ranking": the others stop seeing the user's line; admins still see it, marked */
export function HideMeSwitch() {
  const { t } = useTranslation("ranking");
  const { data: me } = useUser();
  const visibility = useRankingVisibility();
  const hidden = visibility.isPending ? !!visibility.variables?.hidden : !!me?.hiddenFromRanking;
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex min-w-0 gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
          <EyeOff className="size-4" />
        </span>
        <div className="min-w-0 space-y-0.5">
          <Label htmlFor="ranking-hide-me">{t("hideMe.label")}</Label>
          <p id="ranking-hide-me-help" className="text-xs text-muted-foreground">
            {hidden ? t("hideMe.hiddenHelp") : t("hideMe.help")}
          </p>
        </div>
      </div>
      <Switch
        id="ranking-hide-me"
        aria-describedby="ranking-hide-me-help"
        checked={hidden}
        disabled={!me || visibility.isPending}
        onCheckedChange={(v) => visibility.mutate({ hidden: v })}
      />
    </div>
  );
}
