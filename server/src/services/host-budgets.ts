import type { HostBudgetInput } from "@common/schemas/host-budgets.js";
import type { Conn } from "../db/client.js";
import { notFound } from "../http-error.js";
import { hostBudgetsRepository } from "../repositories/host-budgets.js";

/** the admin's budget for a host, for every engine process (they read it within a few seconds) */
export function setHostBudget(db: Conn, host: string, input: HostBudgetInput): Promise<void> {
  return hostBudgetsRepository.upsert(db, host, input.perMinute, input.atOnce);
}

/** the host goes back to its platform's budget (or the default) */
export async function removeHostBudget(db: Conn, host: string): Promise<void> {
  if (!(await hostBudgetsRepository.delete(db, host)))
    throw notFound("Este domínio não tem um limite próprio");
}
