import type { PublicUser } from "@common/schemas/auth";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { UserAvatar } from "@/components/user-avatar";
import { formatDate } from "@/lib/format";
import { DeleteUserButton } from "./delete-user-button";
import { MonitorLimitCell } from "./monitor-limit-cell";
import { RoleBadge } from "./role-badge";

export function StaffUsersTable({ users }: { users: PublicUser[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Utilizadores e limites</CardTitle>
        <CardDescription>Clique no lápis para mudar o limite de monitores de um utilizador</CardDescription>
      </CardHeader>
      <CardContent>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Utilizador</TableHead>
              <TableHead>Email</TableHead>
              <TableHead>Função</TableHead>
              <TableHead>Limite de monitores</TableHead>
              <TableHead>Criado em</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {users.map((user) => (
              <TableRow key={user.id} data-testid={`user-row-${user.username}`}>
                <TableCell>
                  <div className="flex items-center gap-3">
                    <UserAvatar user={user} />
                    <div className="min-w-0">
                      <p className="font-medium">{user.fullName || user.username}</p>
                      <p className="text-xs text-muted-foreground">@{user.username}</p>
                    </div>
                  </div>
                </TableCell>
                <TableCell>{user.email || "—"}</TableCell>
                <TableCell>
                  <RoleBadge role={user.role} />
                </TableCell>
                <TableCell>
                  <MonitorLimitCell user={user} />
                </TableCell>
                <TableCell className="tabular-nums">{formatDate(user.createdAt)}</TableCell>
                <TableCell className="text-right">
                  <DeleteUserButton user={user} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
