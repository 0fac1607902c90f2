import type { RankingEntry } from "@common/schemas/ranking";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { UserAvatar } from "@/components/user-avatar";
import { cn } from "@/lib/utils";

export function SellerName({
  entry,
  isMe,
  className,
}: {
  entry: RankingEntry;
  isMe: boolean;
  className?: string;
}) {
  const { t } = useTranslation("ranking");
  return (
    <div className={cn("flex min-w-0 items-center gap-3", className)}>
      <UserAvatar user={entry} />
      <div className="min-w-0">
        <p className="flex items-center gap-2 truncate font-medium">
          <span className="truncate">{entry.fullName || entry.username}</span>
          {isMe && <Badge variant="info">{t("you")}</Badge>}
          {/* only an admin gets the lines of those who hid themselves */}
          {entry.hidden && (
            <Badge variant="outline" className="text-muted-foreground">
              {t("hiddenBadge")}
            </Badge>
          )}
        </p>
        <p className="truncate text-xs text-muted-foreground">@{entry.username}</p>
      </div>
    </div>
  );
}
