import type { PublicUser } from "@common/schemas/auth";
import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { useUser } from "@/lib/auth";
import { useDeleteUser } from "../api/delete-user";

/** Asks first; an admin's own row has no delete button (the server refuses it too). */
export function DeleteUserButton({ user }: { user: PublicUser }) {
  const { data: me } = useUser();
  const remove = useDeleteUser();
  const { t } = useTranslation(["admin", "common"]);
  if (me?.id === user.id) return null;
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="icon-sm"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          aria-label={t("deleteUser.ariaLabel", { username: user.username })}
          disabled={remove.isPending}
        >
          <Trash2 />
        </Button>
      }
      title={t("deleteUser.title")}
      description={t("deleteUser.description", { username: user.username })}
      confirmLabel={t("common:actions.delete")}
      destructive
      onConfirm={() => remove.mutate(user.id)}
    />
  );
}
