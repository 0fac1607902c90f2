import type { Invite } from "@common/schemas/invites";
import { Link2, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/http";
import { useFormat } from "@/lib/user-settings";
import { usePendingInvites, useRevokeInvite } from "../api/invites";
import { RoleBadge } from "./role-badge";

function InviteRow({ invite }: { invite: Invite }) {
  const { t } = useTranslation("admin");
  const f = useFormat();
  const revoke = useRevokeInvite();
  const label = invite.note || t("invites.noNote");
  return (
    <li data-testid="invite-row" className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      <Link2 className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      <div className="grid min-w-0 flex-1 gap-1 text-sm">
        <p className="flex min-w-0 flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{label}</span>
          <RoleBadge role={invite.role} />
        </p>
        <p className="text-xs text-muted-foreground">
          {t("invites.limit", { count: invite.monitorLimit })}
          {" · "}
          {t("invites.expires", { date: f.date(invite.expiresAt) })}
          {invite.createdBy ? ` · ${t("invites.by", { username: invite.createdBy })}` : ""}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" disabled={revoke.isPending} aria-label={t("invites.revoke")}>
            <Trash2 />
            <span className="sr-only sm:not-sr-only">{t("invites.revoke")}</span>
          </Button>
        }
        title={t("invites.revokeTitle")}
        description={t("invites.revokeDescription", { note: label })}
        confirmLabel={t("invites.revoke")}
        destructive
        onConfirm={() => revoke.mutate(invite.id)}
      />
    </li>
  );
}

/** Admin: the links not used yet, each revocable; a used or expired one leaves the list. */
export function PendingInvites() {
  const { t } = useTranslation(["admin", "common"]);
  const { data: invites, error } = usePendingInvites();
  if (!error && !invites?.length) return null;
  return (
    <Card data-testid="pending-invites">
      <CardHeader>
        <CardTitle>{t("invites.pendingTitle")}</CardTitle>
        <CardDescription>{t("invites.pendingDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        {error ? (
          <p className="text-sm text-destructive">{errorMessage(error, t("common:unknownError"))}</p>
        ) : (
          <ul className="divide-y">
            {invites?.map((invite) => (
              <InviteRow key={invite.id} invite={invite} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
