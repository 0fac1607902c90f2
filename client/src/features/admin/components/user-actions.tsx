import type { PublicUser } from "@common/schemas/auth";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { DeleteUserButton } from "./delete-user-button";
import { EditUserDialog } from "./edit-user-dialog";

/** a row's actions: edit (password, role, account on/off) and delete */
export function UserActions({ user }: { user: PublicUser }) {
  return (
    <div className="flex items-center justify-end gap-1">
      <EditUserDialog user={user} />
      <DeleteUserButton user={user} />
    </div>
  );
}

/** shown beside the role while an admin has the account disabled */
export function DisabledBadge({ user }: { user: PublicUser }) {
  const { t } = useTranslation("admin");
  if (!user.disabledAt) return null;
  return (
    <Badge variant="outline" className="border-destructive/50 text-destructive">
      {t("users.disabled")}
    </Badge>
  );
}

/** whether the user signs in with two-factor verification */
export function TwoFactorBadge({ user }: { user: PublicUser }) {
  const { t } = useTranslation("admin");
  return user.twoFactorEnabled ? (
    <Badge variant="success" data-testid="two-factor-badge">
      {t("users.twoFactorOn")}
    </Badge>
  ) : (
    <Badge variant="outline" className="text-muted-foreground" data-testid="two-factor-badge">
      {t("users.twoFactorOff")}
    </Badge>
  );
}
