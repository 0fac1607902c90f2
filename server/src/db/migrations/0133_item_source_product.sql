-- "Comprei": an item bought from a monitor's card remembers that monitor. Removing the monitor
-- keeps the item (its link becomes null); the index serves that removal and the item's lookups.
ALTER TABLE "inventory_items" ADD COLUMN "source_product_id" integer REFERENCES "products"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "inventory_source_product_idx" ON "inventory_items" ("source_product_id");
