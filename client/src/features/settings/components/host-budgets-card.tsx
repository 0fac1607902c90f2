import type { HostBudgetRow } from "@common/schemas/host-budgets";
import { Gauge, RotateCcw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatInterval } from "@/lib/format";
import { useFormat } from "@/lib/user-settings";
import { cn } from "@/lib/utils";
import { useHostBudgets, useResetHostBudget, useSaveHostBudget } from "../api/host-budgets";

/**
 * Settings → Sistema, "Limites por site": per retailer host its budget, the demand of its
 * active monitors and the interval they really get; the admin changes a host's budget here.
 */
export function HostBudgetsCard() {
  const { t } = useTranslation("settings");
  const budgets = useHostBudgets(true);
  const hosts = budgets.data?.hosts ?? [];
  return (
    <Card className="mt-6" data-testid="host-budgets">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gauge className="size-5" aria-hidden />
          {t("budgets.title")}
        </CardTitle>
        <CardDescription>{t("budgets.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {budgets.isPending ? (
          <p className="text-sm text-muted-foreground">{t("budgets.loading")}</p>
        ) : hosts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("budgets.empty")}</p>
        ) : (
          <ul className="divide-y rounded-md border">
            {hosts.map((row) => (
              <HostRow key={row.host} row={row} />
            ))}
          </ul>
        )}
        <NewHostBudget />
      </CardContent>
    </Card>
  );
}

function HostRow({ row }: { row: HostBudgetRow }) {
  const { t } = useTranslation("settings");
  const f = useFormat();
  const over = row.budgeted && row.demandPerMinute > row.perMinute;
  return (
    <li
      className="grid gap-3 p-3 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-center"
      data-testid="host-budget-row"
    >
      <div className="min-w-0 space-y-1">
        <p className="truncate font-medium">
          {row.host}
          {row.platform && (
            <span className="ml-2 text-xs font-normal text-muted-foreground">{row.platform}</span>
          )}
        </p>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-0.5 text-xs sm:grid-cols-3">
          <div>
            <dt className="inline text-muted-foreground">{t("budgets.budget")} </dt>
            <dd className="inline tabular-nums">
              {row.budgeted
                ? t("budgets.budgetValue", {
                    perMinute: f.number(row.perMinute),
                    atOnce: f.number(row.atOnce),
                  })
                : t("budgets.standIn")}{" "}
              <span className="text-muted-foreground">({t(`budgets.source.${row.source}`)})</span>
            </dd>
          </div>
          <div>
            <dt className="inline text-muted-foreground">{t("budgets.demand")} </dt>
            <dd
              className={cn("inline tabular-nums", over && "font-medium text-amber-700 dark:text-amber-400")}
            >
              {t("budgets.demandValue", { perMinute: f.number(row.demandPerMinute), count: row.monitors })}
            </dd>
          </div>
          <div>
            <dt className="inline text-muted-foreground">{t("budgets.effective")} </dt>
            <dd className="inline tabular-nums" data-testid="host-budget-effective">
              {row.stretchedTo
                ? t("budgets.stretched", { value: formatInterval(row.stretchedTo) })
                : t("budgets.notStretched")}
            </dd>
          </div>
        </dl>
      </div>
      {row.budgeted && <BudgetEditor row={row} />}
    </li>
  );
}

function BudgetEditor({ row }: { row: HostBudgetRow }) {
  const { t } = useTranslation(["settings", "common"]);
  const save = useSaveHostBudget();
  const reset = useResetHostBudget();
  const [perMinute, setPerMinute] = useState(String(row.perMinute));
  const [atOnce, setAtOnce] = useState(String(row.atOnce));
  const id = (field: string) => `budget-${row.host}-${field}`;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ host: row.host, perMinute: Number(perMinute), atOnce: Number(atOnce) });
      }}
    >
      <div className="w-24 space-y-1">
        <Label htmlFor={id("perMinute")} className="text-xs">
          {t("budgets.perMinute")}
        </Label>
        <Input
          id={id("perMinute")}
          inputMode="numeric"
          value={perMinute}
          onChange={(e) => setPerMinute(e.target.value)}
          aria-label={t("budgets.perMinuteOf", { host: row.host })}
        />
      </div>
      <div className="w-20 space-y-1">
        <Label htmlFor={id("atOnce")} className="text-xs">
          {t("budgets.atOnce")}
        </Label>
        <Input
          id={id("atOnce")}
          inputMode="numeric"
          value={atOnce}
          onChange={(e) => setAtOnce(e.target.value)}
          aria-label={t("budgets.atOnceOf", { host: row.host })}
        />
      </div>
      <Button
        type="submit"
        size="sm"
        disabled={save.isPending}
        aria-label={t("budgets.saveOf", { host: row.host })}
      >
        {t("common:actions.save")}
      </Button>
      {row.source === "admin" && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => reset.mutate(row.host)}
          aria-label={t("budgets.resetOf", { host: row.host })}
          title={t("budgets.resetOf", { host: row.host })}
        >
          <RotateCcw />
        </Button>
      )}
    </form>
  );
}

/** a budget for a host that has no monitors yet */
function NewHostBudget() {
  const { t } = useTranslation(["settings", "common"]);
  const save = useSaveHostBudget();
  const [host, setHost] = useState("");
  const [perMinute, setPerMinute] = useState("60");
  const [atOnce, setAtOnce] = useState("2");
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { host: host.trim(), perMinute: Number(perMinute), atOnce: Number(atOnce) },
          { onSuccess: () => setHost("") },
        );
      }}
    >
      <div className="min-w-48 flex-1 space-y-1">
        <Label htmlFor="budget-new-host" className="text-xs">
          {t("budgets.newHost")}
        </Label>
        <Input
          id="budget-new-host"
          placeholder={t("budgets.newHostPlaceholder")}
          value={host}
          onChange={(e) => setHost(e.target.value)}
        />
      </div>
      <div className="w-24 space-y-1">
        <Label htmlFor="budget-new-perMinute" className="text-xs">
          {t("budgets.perMinute")}
        </Label>
        <Input
          id="budget-new-perMinute"
          inputMode="numeric"
          value={perMinute}
          onChange={(e) => setPerMinute(e.target.value)}
        />
      </div>
      <div className="w-20 space-y-1">
        <Label htmlFor="budget-new-atOnce" className="text-xs">
          {t("budgets.atOnce")}
        </Label>
        <Input
          id="budget-new-atOnce"
          inputMode="numeric"
          value={atOnce}
          onChange={(e) => setAtOnce(e.target.value)}
        />
      </div>
      <Button type="submit" size="sm" variant="outline" disabled={save.isPending || host.trim() === ""}>
        {t("budgets.add")}
      </Button>
    </form>
  );
}
