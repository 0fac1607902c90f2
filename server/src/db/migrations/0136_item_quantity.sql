-- A lot of identical units (three pairs bought together): price and shipping stay per unit, and a
-- sale of part of the lot splits it (docs/decisions.md, "Lotes e moeda de compra").
ALTER TABLE "inventory_items" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_quantity_positive" CHECK ("quantity" >= 1);
