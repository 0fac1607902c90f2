import { displayName, isAdmin, type PublicUser } from "@common/schemas/auth";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { UserAvatar } from "@/components/user-avatar";

export function UserHeader({ user }: { user: PublicUser }) {
  const { t } = useTranslation("status");
  return (
    <Card className="flex-row items-center gap-4 p-4 sm:p-6">
      <UserAvatar user={user} letters={2} className="size-14 text-lg sm:size-16 sm:text-xl" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="truncate text-lg font-semibold sm:text-xl">{displayName(user)}</h2>
          <Badge variant={isAdmin(user) ? "default" : "secondary"}>
            {isAdmin(user) ? t("role.admin") : t("role.user")}
          </Badge>
        </div>
        <p className="truncate text-sm text-muted-foreground">{user.email || user.username}</p>
      </div>
    </Card>
  );
}
