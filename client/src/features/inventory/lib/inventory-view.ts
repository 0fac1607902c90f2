import { csvDecimal, csvFileName, toCsv } from "@common/csv";
import type { InventoryItem } from "@common/schemas/inventory";
import { INVENTORY_STATUS_LABELS } from "@common/status";
import { formatDate } from "@/lib/format";

export type StatusFilter = "all" | "in_stock" | "sold" | "pending" | "transit";

export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  all: "Todos os estados",
  in_stock: "Em Stock",
  sold: "Vendido",
  pending: "Pendente",
  transit: "Em Trânsito",
};

export const statusLabel = (status: string) => INVENTORY_STATUS_LABELS[status] ?? status;

export function statusBadgeVariant(status: string) {
  if (status === "in_stock" || status === "active") return "success" as const;
  if (status === "sold") return "info" as const;
  if (status === "pending" || status === "low_stock") return "warning" as const;
  if (status === "out_of_stock" || status === "inactive") return "destructive" as const;
  return "secondary" as const;
}

/** search over name and SKU, then the status filter */
export function filterItems(items: readonly InventoryItem[], search: string, status: StatusFilter) {
  const needle = search.trim().toLocaleLowerCase("pt-PT");
  return items.filter(
    (item) =>
      (status === "all" || item.status === status) &&
      (needle === "" ||
        item.name.toLocaleLowerCase("pt-PT").includes(needle) ||
        (item.sku ?? "").toLocaleLowerCase("pt-PT").includes(needle)),
  );
}

const HEADERS = [
  "Nome",
  "SKU",
  "Tamanho",
  "Local de compra",
  "Preço",
  "Portes",
  "Estado",
  "Preço de venda",
  "Lucro",
  "Notas",
  "Adicionado em",
];

export function inventoryCsv(items: readonly InventoryItem[]) {
  return {
    fileName: csvFileName("inventario"),
    text: toCsv(
      HEADERS,
      items.map((i) => [
        i.name,
        i.sku,
        i.size,
        i.purchaseLocation,
        csvDecimal(i.price),
        csvDecimal(i.shippingPrice),
        statusLabel(i.status),
        csvDecimal(i.sale?.salePrice),
        csvDecimal(i.sale?.profit),
        i.notes,
        formatDate(i.createdAt),
      ]),
    ),
  };
}
