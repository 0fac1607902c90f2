import { Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { PageSpinner } from "@/components/spinner";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/http";
import { useFormat } from "@/lib/user-settings";
import { useAdminUsers } from "../api/get-users";
import { CreateUserDialog } from "./create-user-dialog";
import { InviteDialog } from "./invite-dialog";
import { MonitorLimitCell } from "./monitor-limit-cell";
import { RoleBadge } from "./role-badge";
import { DisabledBadge, TwoFactorBadge, UserActions } from "./user-actions";

/** Admin page, first tab: every account, with delete behind a confirmation. */
export function UsersTable() {
  const { data: users, isLoading, error } = useAdminUsers();
  const f = useFormat();
  const { t } = useTranslation("admin");
  if (isLoading) return <PageSpinner />;
  if (error) return <p className="text-sm text-destructive">{errorMessage(error, t("users.loadFailed"))}</p>;
  if (!users?.length) return <EmptyState icon={Users} title={t("users.empty")} />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("users.title")}</CardTitle>
        <CardDescription>{t("users.count", { count: users.length })}</CardDescription>
        <CardAction className="flex flex-wrap justify-end gap-2">
          <InviteDialog />
          <CreateUserDialog />
        </CardAction>
      </CardHeader>
      <CardContent>
        <ul className="divide-y lg:hidden">
          {users.map((user) => (
            <li
              key={user.id}
              data-testid={`admin-user-${user.username}`}
              className="flex items-start justify-between gap-3 py-3 first:pt-0 last:pb-0"
            >
              <div className="grid min-w-0 gap-1 text-sm">
                <p className="truncate font-medium">
                  <span className="mr-2 text-xs text-muted-foreground tabular-nums">#{user.id}</span>
                  {user.username}
                </p>
                {user.fullName && <p className="truncate">{user.fullName}</p>}
                <p className="truncate text-muted-foreground">{user.email || t("users.noEmail")}</p>
                <div className="flex items-center gap-2 text-xs text-muted-foreground">
                  <RoleBadge role={user.role} />
                  <DisabledBadge user={user} />
                  <TwoFactorBadge user={user} />
                  {t("users.createdOn", { date: f.date(user.createdAt) })}
                </div>
                <div className="flex items-center gap-2 text-xs text-muted-foreground">
                  {t("users.monitorLimit")}
                  <MonitorLimitCell user={user} />
                </div>
              </div>
              <UserActions user={user} />
            </li>
          ))}
        </ul>
        {/*
          the full name and e-mail sit under the username, in the cell that takes what the other
          columns leave (w-full max-w-0): long ones end in "…" and the limit and the actions stay
          inside the card
        */}
        <Table className="hidden lg:table">
          <TableHeader>
            <TableRow>
              <TableHead>{t("users.id")}</TableHead>
              <TableHead className="w-full">{t("users.user")}</TableHead>
              <TableHead>{t("users.role")}</TableHead>
              <TableHead>{t("users.monitorLimit")}</TableHead>
              <TableHead>{t("users.createdAt")}</TableHead>
              <TableHead className="text-right">{t("users.actions")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {users.map((user) => (
              <TableRow key={user.id} data-testid={`admin-user-${user.username}`}>
                <TableCell className="tabular-nums text-muted-foreground">{user.id}</TableCell>
                <TableCell className="w-full max-w-0">
                  <p className="truncate font-medium">{user.username}</p>
                  {user.fullName && <p className="truncate text-xs">{user.fullName}</p>}
                  <p className="truncate text-xs text-muted-foreground" title={user.email || undefined}>
                    {user.email || t("users.noEmail")}
                  </p>
                </TableCell>
                <TableCell>
                  <div className="flex flex-wrap gap-1">
                    <RoleBadge role={user.role} />
                    <DisabledBadge user={user} />
                    <TwoFactorBadge user={user} />
                  </div>
                </TableCell>
                <TableCell>
                  <MonitorLimitCell user={user} />
                </TableCell>
                <TableCell className="tabular-nums">{f.date(user.createdAt)}</TableCell>
                <TableCell className="text-right">
                  <UserActions user={user} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
