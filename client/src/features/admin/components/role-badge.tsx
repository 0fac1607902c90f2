import { isAdmin } from "@common/schemas/auth";
import { Badge } from "@/components/ui/badge";

export function RoleBadge({ role }: { role: string }) {
  const admin = isAdmin({ role });
  return <Badge variant={admin ? "default" : "secondary"}>{admin ? "Administrador" : "Utilizador"}</Badge>;
}
