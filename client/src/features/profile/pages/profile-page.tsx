import { displayName, isAdmin } from "@common/schemas/auth";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { UserAvatar } from "@/components/user-avatar";
import { useUser } from "@/features/auth/api/get-user";
import { formatDate } from "@/lib/format";

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm">{value}</dd>
    </div>
  );
}

export function ProfilePage() {
  const { data: user } = useUser();
  if (!user) return null;
  return (
    <PageShell className="max-w-3xl">
      <PageHeader title="Perfil" subtitle="Os dados da sua conta" />
      <Card>
        <CardHeader className="flex items-center gap-4">
          <UserAvatar user={user} letters={2} className="size-14 text-lg" />
          <div className="space-y-1">
            <CardTitle className="text-lg">{displayName(user)}</CardTitle>
            <CardDescription>@{user.username}</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-5 sm:grid-cols-2">
            <Field label="Nome completo" value={user.fullName || "Não indicado"} />
            <Field label="Email" value={user.email || "Email não disponível"} />
            <div className="grid gap-1">
              <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Função</dt>
              <dd>
                <Badge variant={isAdmin(user) ? "default" : "secondary"}>
                  {isAdmin(user) ? "Administrador" : "Utilizador"}
                </Badge>
              </dd>
            </div>
            <Field label="Membro desde" value={formatDate(user.createdAt)} />
          </dl>
        </CardContent>
      </Card>
    </PageShell>
  );
}
