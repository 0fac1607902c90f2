import { TriangleAlert } from "lucide-react";

export function AdminWarningCard() {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-xl border border-warning/40 bg-warning/10 p-4 text-sm"
    >
      <TriangleAlert className="mt-0.5 size-5 shrink-0 text-warning" />
      <div className="space-y-1">
        <p className="font-semibold">Conta de administrador</p>
        <p className="text-muted-foreground">
          Tem acesso total ao sistema: as alterações a utilizadores, limites e configurações globais afetam
          todos. Use estes privilégios com cuidado.
        </p>
      </div>
    </div>
  );
}
