import type { PublicUser } from "@common/schemas/auth";
import { Trash2 } from "lucide-react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { useUser } from "@/lib/auth";
import { useDeleteUser } from "../api/delete-user";

/** Asks first; an admin's own row has no delete button (the server refuses it too). */
export function DeleteUserButton({ user }: { user: PublicUser }) {
  const { data: me } = useUser();
  const remove = useDeleteUser();
  if (me?.id === user.id) return null;
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="icon-sm"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          aria-label={`Eliminar ${user.username}`}
          disabled={remove.isPending}
        >
          <Trash2 />
        </Button>
      }
      title="Eliminar utilizador"
      description={`Tem certeza que deseja excluir o utilizador ${user.username}? Os seus monitores, inventário e vendas também serão eliminados.`}
      confirmLabel="Eliminar"
      destructive
      onConfirm={() => remove.mutate(user.id)}
    />
  );
}
