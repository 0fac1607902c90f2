import type { SessionInfo } from "@common/schemas/auth";
import { LogOut, Monitor, MonitorSmartphone, Smartphone, Tablet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { PageSpinner } from "@/components/spinner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatActivityTime } from "@/lib/format";
import { errorMessage } from "@/lib/http";
import { useFormat } from "@/lib/user-settings";
import { useEndOtherSessions, useEndSession, useMySessions } from "../api/account";

const DEVICE_ICONS = { desktop: Monitor, mobile: Smartphone, tablet: Tablet, unknown: MonitorSmartphone };

function SessionRow({ session }: { session: SessionInfo }) {
  const { t } = useTranslation("profile");
  const f = useFormat();
  const end = useEndSession();
  const Icon = DEVICE_ICONS[session.device];
  const name = [session.browser, session.os].filter(Boolean).join(" · ") || t("sessions.unknownDevice");
  return (
    <li data-testid="session-row" className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
        <p className="flex min-w-0 flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{name}</span>
          {session.current && <Badge variant="secondary">{t("sessions.thisDevice")}</Badge>}
        </p>
        <p className="truncate text-xs text-muted-foreground">
          {t("sessions.lastSeen", { when: formatActivityTime(session.lastSeenAt, f) })}
          {" · "}
          {t("sessions.signedIn", { date: f.date(session.createdAt) })}
          {session.ip ? ` · ${session.ip}` : ""}
        </p>
      </div>
      {!session.current && (
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" disabled={end.isPending}>
              <LogOut />
              <span className="sr-only sm:not-sr-only">{t("sessions.end")}</span>
            </Button>
          }
          title={t("sessions.endTitle")}
          description={t("sessions.endDescription", { device: name })}
          confirmLabel={t("sessions.end")}
          destructive
          onConfirm={() => end.mutate(session.id)}
        />
      )}
    </li>
  );
}

/** Perfil: where I am signed in, with "terminar sessão" for each other device or all of them. */
export function SessionsCard() {
  const { t } = useTranslation(["profile", "common"]);
  const { data: sessions, isLoading, error } = useMySessions();
  const endOthers = useEndOtherSessions();
  const others = sessions?.filter((s) => !s.current).length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MonitorSmartphone className="size-5" />
          {t("sessions.title")}
        </CardTitle>
        <CardDescription>{t("sessions.description")}</CardDescription>
        {others > 0 && (
          <CardAction>
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm" disabled={endOthers.isPending}>
                  {t("sessions.endOthers")}
                </Button>
              }
              title={t("sessions.endOthersTitle")}
              description={t("sessions.endOthersDescription", { count: others })}
              confirmLabel={t("sessions.endOthers")}
              destructive
              onConfirm={() => endOthers.mutate()}
            />
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {isLoading && <PageSpinner />}
        {error && <p className="text-sm text-destructive">{errorMessage(error, t("common:unknownError"))}</p>}
        {sessions && (
          <ul className="divide-y" data-testid="sessions-list">
            {sessions.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
