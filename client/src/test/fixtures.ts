import type { InventoryItem } from "@common/schemas/inventory";

/** an inventory item as GET /api/inventory answers it: one unit in stock, bought in euros */
export const inventoryItem = (
  fields: Partial<InventoryItem> & Pick<InventoryItem, "id" | "name">,
): InventoryItem => ({
  image: null,
  thumbnail: null,
  size: "M",
  sku: null,
  price: "30.00",
  shippingPrice: "0.00",
  quantity: 1,
  purchaseLocation: null,
  purchaseDate: null,
  status: "in_stock",
  tags: [],
  notes: null,
  sourceProductId: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
  sale: null,
  ...fields,
});
