import {
  API_TOKEN_LIFETIMES,
  API_TOKEN_SCOPES,
  type ApiToken,
  type ApiTokenScope,
  type CreatedApiToken,
} from "@common/schemas/api-tokens";
import { Copy, KeyRound, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { PageSpinner } from "@/components/spinner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { formatActivityTime } from "@/lib/format";
import { errorMessage } from "@/lib/http";
import { useFormat } from "@/lib/user-settings";
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from "../api/api-tokens";
import { MonitorTransferCard } from "./monitor-transfer-card";

/** the validity select's values: days, or "never" for a token that lives until revoked */
const LIFETIMES = [...API_TOKEN_LIFETIMES.map(String), "never"] as const;

function NewTokenForm({ admin, onCreated }: { admin: boolean; onCreated: (t: CreatedApiToken) => void }) {
  const { t } = useTranslation("settings");
  const create = useCreateApiToken();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiTokenScope[]>(["read"]);
  const [lifetime, setLifetime] = useState("90");
  const offered = API_TOKEN_SCOPES.filter((s) => s !== "admin" || admin);
  const toggle = (scope: ApiTokenScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        name,
        scopes,
        expiresInDays: lifetime === "never" ? null : (Number(lifetime) as 7 | 30 | 90 | 365),
      },
      {
        onSuccess: (created) => {
          setName("");
          onCreated(created);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-4" aria-label={t("api.newTitle")}>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <div className="grid gap-1.5">
          <Label htmlFor="token-name">{t("api.name")}</Label>
          <Input
            id="token-name"
            value={name}
            maxLength={60}
            placeholder={t("api.namePlaceholder")}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="token-lifetime">{t("api.lifetime")}</Label>
          <Select value={lifetime} onValueChange={setLifetime}>
            <SelectTrigger id="token-lifetime" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {LIFETIMES.map((v) => (
                <SelectItem key={v} value={v}>
                  {v === "never" ? t("api.never") : t("api.days", { count: Number(v) })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t("api.scopes")}</legend>
        {offered.map((scope) => (
          <label key={scope} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={scopes.includes(scope)}
              onChange={(e) => toggle(scope, e.target.checked)}
            />
            <span>
              <span className="font-medium">{t(`api.scope.${scope}`)}</span>
              <span className="block text-xs text-muted-foreground">{t(`api.scopeHelp.${scope}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {create.error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errorMessage(create.error, t("api.createFailed"))}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending}>
          <KeyRound />
          {t("api.create")}
        </Button>
      </div>
    </form>
  );
}

function CreatedToken({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const { t } = useTranslation("settings");
  const copy = () =>
    navigator.clipboard.writeText(created.token).then(
      () => toast.success(t("api.copied")),
      () => toast.error(t("api.copyFailed")),
    );
  return (
    <div role="status" className="grid gap-2 rounded-xl border border-success/40 bg-success/10 p-4 text-sm">
      <p className="font-semibold">{t("api.createdTitle", { name: created.name })}</p>
      <p className="text-muted-foreground">{t("api.createdHelp")}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <code
          data-testid="new-token"
          className="min-w-0 flex-1 break-all rounded-md bg-background px-3 py-2 font-mono text-xs"
        >
          {created.token}
        </code>
        <div className="flex gap-2">
          <Button type="button" variant="outline" size="sm" onClick={copy}>
            <Copy />
            {t("api.copy")}
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={onDone}>
            {t("api.done")}
          </Button>
        </div>
      </div>
    </div>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const { t } = useTranslation("settings");
  const f = useFormat();
  const revoke = useRevokeApiToken();
  const expired = token.expiresAt !== null && new Date(token.expiresAt).getTime() <= Date.now();
  return (
    <li data-testid="token-row" className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      <KeyRound className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      <div className="grid min-w-0 flex-1 gap-1 text-sm">
        <p className="flex min-w-0 flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{token.name}</span>
          <code className="text-xs text-muted-foreground">{token.prefix}…</code>
          {expired && <Badge variant="destructive">{t("api.expired")}</Badge>}
        </p>
        <p className="flex flex-wrap gap-1">
          {token.scopes.map((s) => (
            <Badge key={s} variant="secondary">
              {t(`api.scope.${s}`)}
            </Badge>
          ))}
        </p>
        <p className="text-xs text-muted-foreground">
          {t("api.createdOn", { date: f.date(token.createdAt) })}
          {" · "}
          {token.expiresAt ? t("api.expiresOn", { date: f.date(token.expiresAt) }) : t("api.noExpiry")}
          {" · "}
          {token.lastUsedAt
            ? t("api.lastUsed", { when: formatActivityTime(token.lastUsedAt, f) })
            : t("api.neverUsed")}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" disabled={revoke.isPending}>
            <Trash2 />
            <span className="sr-only sm:not-sr-only">{t("api.revoke")}</span>
          </Button>
        }
        title={t("api.revokeTitle")}
        description={t("api.revokeDescription", { name: token.name })}
        confirmLabel={t("api.revoke")}
        destructive
        onConfirm={() => revoke.mutate(token.id)}
      />
    </li>
  );
}

/** Configurações → API: personal tokens for the user's own scripts and bots, and monitors as files */
export function ApiTab({ admin }: { admin: boolean }) {
  return (
    <div className="grid gap-6">
      <TokensCard admin={admin} />
      <MonitorTransferCard />
    </div>
  );
}

function TokensCard({ admin }: { admin: boolean }) {
  const { t } = useTranslation(["settings", "common"]);
  const { data: tokens, isLoading, error } = useApiTokens();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("api.title")}</CardTitle>
        <CardDescription>
          {t("api.description")}{" "}
          <a
            className="font-medium text-primary underline-offset-4 hover:underline"
            href="/api/docs/"
            target="_blank"
            rel="noreferrer"
          >
            {t("api.docsLink")}
          </a>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {created ? (
          <CreatedToken created={created} onDone={() => setCreated(null)} />
        ) : (
          <NewTokenForm admin={admin} onCreated={setCreated} />
        )}
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">{t("api.listTitle")}</h3>
          {isLoading && <PageSpinner />}
          {error && (
            <p className="text-sm text-destructive">{errorMessage(error, t("common:unknownError"))}</p>
          )}
          {tokens && tokens.length === 0 && <p className="text-sm text-muted-foreground">{t("api.empty")}</p>}
          {tokens && tokens.length > 0 && (
            <ul className="divide-y" data-testid="tokens-list">
              {tokens.map((token) => (
                <TokenRow key={token.id} token={token} />
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
