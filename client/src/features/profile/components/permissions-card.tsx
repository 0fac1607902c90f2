import { CheckCircle2, KeyRound } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** what each role may do, in the words a user reads */
const PERMISSIONS = {
  admin: [
    "Acesso total ao sistema",
    "Gerir utilizadores e limites de monitores",
    "Configurar monitores",
    "Ver todas as estatísticas",
    "Gerir configurações globais e do sistema",
    "Histórico completo de todos os utilizadores",
    "Editar métricas financeiras",
  ],
  user: [
    "Ver e gerir os seus monitores",
    "Ver o seu próprio histórico",
    "Receber notificações de stock",
    "Gerir o seu inventário e vendas",
    "Configurações pessoais",
  ],
} as const;

export function PermissionsCard({ admin }: { admin: boolean }) {
  const list = admin ? PERMISSIONS.admin : PERMISSIONS.user;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5 text-primary" />
          Permissões
        </CardTitle>
        <CardDescription>
          O que a função {admin ? "Administrador" : "Utilizador"} permite fazer
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2.5">
          {list.map((item) => (
            <li key={item} className="flex items-start gap-2 text-sm">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" />
              {item}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
