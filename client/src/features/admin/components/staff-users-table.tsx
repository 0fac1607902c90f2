import type { PublicUser } from "@common/schemas/auth";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { UserAvatar } from "@/components/user-avatar";
import { useFormat } from "@/lib/user-settings";
import { MonitorLimitCell } from "./monitor-limit-cell";
import { RoleBadge } from "./role-badge";
import { DisabledBadge, TwoFactorBadge, UserActions } from "./user-actions";

/** the name, the username and (in the table) the e-mail, each cut with "…" where the cell ends */
function NameCell({ user, withEmail = false }: { user: PublicUser; withEmail?: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <UserAvatar user={user} />
      <div className="min-w-0">
        <p className="truncate font-medium">{user.fullName || user.username}</p>
        <p className="truncate text-xs text-muted-foreground">@{user.username}</p>
        {withEmail && user.email && (
          <p className="truncate text-xs text-muted-foreground" title={user.email}>
            {user.email}
          </p>
        )}
      </div>
    </div>
  );
}

/** phones: one card per user, so the limit and delete stay in reach without side scrolling */
function UserCard({ user }: { user: PublicUser }) {
  const { t } = useTranslation("admin");
  return (
    // minmax(0, 1fr): a long e-mail ends in "…" instead of widening the card, and with it a phone's
    // page (whose dialogs then open off-centre)
    <li
      data-testid={`user-row-${user.username}`}
      className="grid grid-cols-[minmax(0,1fr)] gap-3 py-4 first:pt-0 last:pb-0"
    >
      <div className="flex items-start justify-between gap-2">
        <NameCell user={user} />
        <UserActions user={user} />
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <RoleBadge role={user.role} />
        <DisabledBadge user={user} />
        <TwoFactorBadge user={user} />
        <span className="min-w-0 max-w-full truncate text-muted-foreground" title={user.email ?? undefined}>
          {user.email || t("users.noEmail")}
        </span>
      </div>
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="text-muted-foreground">{t("users.monitorLimit")}</span>
        <MonitorLimitCell user={user} />
      </div>
    </li>
  );
}

export function StaffUsersTable({ users }: { users: PublicUser[] }) {
  const f = useFormat();
  const { t } = useTranslation("admin");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("staff.tableTitle")}</CardTitle>
        <CardDescription>{t("staff.tableDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y md:hidden">
          {users.map((user) => (
            <UserCard key={user.id} user={user} />
          ))}
        </ul>
        {/*
          the e-mail sits under the name, and the name's cell takes what the other columns leave
          (w-full max-w-0), so a long name or e-mail ends in "…" and the limit and the actions stay
          inside the card from 769 px up
        */}
        <div className="hidden md:block">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="w-full">{t("users.user")}</TableHead>
                <TableHead>{t("users.role")}</TableHead>
                {/* two lines at 800 px rather than a wider column */}
                <TableHead className="whitespace-normal">{t("users.monitorLimit")}</TableHead>
                <TableHead>{t("users.createdAt")}</TableHead>
                <TableHead className="text-right">{t("users.actions")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.map((user) => (
                <TableRow key={user.id} data-testid={`user-row-${user.username}`}>
                  <TableCell className="w-full max-w-0">
                    <NameCell user={user} withEmail />
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
        </div>
      </CardContent>
    </Card>
  );
}
