/** Product statuses and their labels. */
export const PRODUCT_STATUSES = [
  "in_stock",
  "out_of_stock",
  "low_stock",
  "unknown",
  "vinted_active",
  "vinted_vacation",
  "search_active",
] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  in_stock: "Em Stock",
  out_of_stock: "Fora de Stock",
  low_stock: "Stock Baixo",
  unknown: "Desconhecido",
  vinted_active: "Ativo",
  vinted_vacation: "Férias",
  search_active: "A pesquisar",
};

/** the statuses a reseller can buy at */
/** a product status's label ("Em Stock"); an unknown status as it came */
export const productStatusLabel = (status: string) =>
  PRODUCT_STATUS_LABELS[status as ProductStatus] ?? status;

export const AVAILABLE_STATUSES: readonly string[] = ["in_stock", "low_stock"];

export const isAvailableStatus = (status: string | null | undefined) =>
  status != null && AVAILABLE_STATUSES.includes(status);

/** Inventory item statuses */
export const INVENTORY_STATUSES = ["in_stock", "sold", "pending", "transit"] as const;
export type InventoryStatus = (typeof INVENTORY_STATUSES)[number];

export const INVENTORY_STATUS_LABELS: Record<string, string> = {
  in_stock: "Em Stock",
  sold: "Vendido",
  pending: "Pendente",
  transit: "Em Trânsito",
  in_transit: "Em Trânsito",
  out_of_stock: "Fora de Stock",
  low_stock: "Stock Baixo",
  active: "Ativo",
  inactive: "Inativo",
  unknown: "Desconhecido",
};

/** activity actions and their History titles */
export const ACTIVITY_TITLES: Record<string, string> = {
  product_added: "Produto adicionado",
  product_deleted: "Produto removido",
  stock_check: "Verificação de stock",
  stock_check_failed: "Falha na verificação",
  notification_sent: "Notificação enviada",
  notification_failed: "Falha na notificação",
  notification_superseded: "Alerta substituído",
};

export const activityTitle = (action: string) => ACTIVITY_TITLES[action] ?? action;
