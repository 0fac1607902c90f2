import { ShieldAlert } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";

export const ADMIN_USERS_DENIED =
  "Você não tem permissão para acessar esta página. Apenas administradores podem gerir usuários.";
export const ADMIN_PANEL_DENIED = "Você não tem permissão para aceder ao painel de administração.";

export function AccessDenied({ message = ADMIN_USERS_DENIED }: { message?: string }) {
  return (
    <Card className="mx-auto mt-8 w-full max-w-lg border-destructive/30">
      <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <ShieldAlert className="size-6" />
        </span>
        <h1 className="text-xl font-semibold">Acesso Negado</h1>
        <p className="text-sm text-muted-foreground">{message}</p>
      </CardContent>
    </Card>
  );
}
