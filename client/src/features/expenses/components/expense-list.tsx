import type { Expense } from "@common/schemas/expenses";
import { Paperclip, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toastFailure } from "@/lib/mutation-feedback";
import { useFormat } from "@/lib/user-settings";
import { useDeleteExpense } from "../api/expenses";
import { ExpenseDialog } from "./expense-dialog";

/** the expense's name in labels: its description, else its category's */
function useExpenseName() {
  const { t } = useTranslation("expenses");
  return (expense: Expense) => expense.description ?? t(`categories.${expense.category}`);
}

function ExpenseActions({ expense }: { expense: Expense }) {
  const { t } = useTranslation("expenses");
  const remove = useDeleteExpense();
  const [editing, setEditing] = useState(false);
  const name = useExpenseName()(expense);
  return (
    <div className="flex shrink-0 justify-end">
      {expense.receipt && (
        <Button variant="ghost" size="icon-sm" asChild>
          <a href={expense.receipt} target="_blank" rel="noreferrer" aria-label={t("list.receipt", { name })}>
            <Paperclip />
          </a>
        </Button>
      )}
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={t("list.edit", { name })}
        onClick={() => setEditing(true)}
      >
        <Pencil />
      </Button>
      <ConfirmDialog
        trigger={
          <Button
            variant="ghost"
            size="icon-sm"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            aria-label={t("list.delete", { name })}
            disabled={remove.isPending}
          >
            <Trash2 />
          </Button>
        }
        title={t("delete.title")}
        description={t("delete.description")}
        confirmLabel={t("delete.confirm")}
        destructive
        onConfirm={() =>
          remove.mutate(expense.id, {
            onSuccess: () => toast.success(t("delete.done")),
            onError: toastFailure("expenses:delete.failed"),
          })
        }
      />
      <ExpenseDialog open={editing} onOpenChange={setEditing} expense={expense} />
    </div>
  );
}

export function ExpenseTable({ expenses }: { expenses: Expense[] }) {
  const { t } = useTranslation("expenses");
  const f = useFormat();
  return (
    <Card className="p-0">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t("list.day")}</TableHead>
            <TableHead>{t("list.category")}</TableHead>
            <TableHead>{t("list.description")}</TableHead>
            <TableHead>{t("list.item")}</TableHead>
            <TableHead className="text-right">{t("list.amount")}</TableHead>
            <TableHead className="w-32" />
          </TableRow>
        </TableHeader>
        <TableBody>
          {expenses.map((e) => (
            <TableRow key={e.id} data-testid="expense-row">
              <TableCell className="tabular-nums">{f.dateOnly(e.spentOn)}</TableCell>
              <TableCell>
                <Badge variant="secondary">{t(`categories.${e.category}`)}</Badge>
              </TableCell>
              <TableCell className="max-w-64 truncate">{e.description ?? "—"}</TableCell>
              <TableCell className="max-w-48 truncate">{e.itemName ?? "—"}</TableCell>
              <TableCell className="text-right font-medium tabular-nums">{f.money(e.amount)}</TableCell>
              <TableCell>
                <ExpenseActions expense={e} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}

export function ExpenseCard({ expense }: { expense: Expense }) {
  const { t } = useTranslation("expenses");
  const nameOf = useExpenseName();
  const f = useFormat();
  return (
    <Card data-testid="expense-card" className="min-w-0 gap-2 p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-semibold">{nameOf(expense)}</p>
          <p className="text-xs text-muted-foreground tabular-nums">{f.dateOnly(expense.spentOn)}</p>
        </div>
        <ExpenseActions expense={expense} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap gap-2 text-xs">
          <Badge variant="secondary">{t(`categories.${expense.category}`)}</Badge>
          {expense.itemName && (
            <Badge variant="info" className="max-w-48 truncate">
              {expense.itemName}
            </Badge>
          )}
        </div>
        <span className="font-semibold tabular-nums">{f.money(expense.amount)}</span>
      </div>
    </Card>
  );
}
