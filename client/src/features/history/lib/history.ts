import { type ActivityDto, type ActivityFilter, matchesActivityFilter } from "@common/schemas/activity";
import { activityTitle } from "@common/status";
import { toCsv } from "@common/csv";
import { format, isSameDay } from "date-fns";

export const productLabel = (entry: Pick<ActivityDto, "productName">) => entry.productName ?? "Sistema";

export function filterActivity(
  entries: ActivityDto[],
  filter: ActivityFilter,
  search: string,
): ActivityDto[] {
  const term = search.trim().toLocaleLowerCase("pt-PT");
  return entries.filter((entry) => {
    if (!matchesActivityFilter(entry, filter)) return false;
    if (!term) return true;
    const haystack = [entry.message, productLabel(entry), activityTitle(entry.action), entry.username ?? ""]
      .join(" ")
      .toLocaleLowerCase("pt-PT");
    return haystack.includes(term);
  });
}

export interface HistoryCounters {
  total: number;
  today: number;
  notifications: number;
  errors: number;
}

export function countActivity(entries: ActivityDto[], now: Date = new Date()): HistoryCounters {
  return {
    total: entries.length,
    today: entries.filter((e) => isSameDay(new Date(e.createdAt), now)).length,
    notifications: entries.filter((e) => matchesActivityFilter(e, "notification")).length,
    errors: entries.filter((e) => matchesActivityFilter(e, "error")).length,
  };
}

export const TYPE_LABELS: Record<string, string> = {
  success: "Sucesso",
  error: "Erro",
  warning: "Aviso",
  info: "Informação",
};

export const typeLabel = (type: string) => TYPE_LABELS[type] ?? type;

/** SPEC: columns Data, Produto, Ação, Mensagem, Tipo; file historico_{dd-MM-yyyy}.csv */
export function historyCsv(entries: ActivityDto[]): string {
  return toCsv(
    ["Data", "Produto", "Ação", "Mensagem", "Tipo"],
    entries.map((e) => [
      format(new Date(e.createdAt), "dd/MM/yyyy HH:mm:ss"),
      productLabel(e),
      activityTitle(e.action),
      e.message,
      typeLabel(e.type),
    ]),
  );
}

export const historyFileName = (now: Date = new Date()) => `historico_${format(now, "dd-MM-yyyy")}.csv`;
