-- A sale of some of a lot's units splits them off as a sold item of their own; that item now
-- remembers the lot, so deleting its sale can put the units back into it (docs/decisions.md,
-- "Lotes: importação, «Comprei» noutra moeda e a venda apagada"). Deleting the lot keeps the item.
ALTER TABLE "inventory_items" ADD COLUMN "split_from_item_id" integer REFERENCES "inventory_items"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "inventory_split_from_idx" ON "inventory_items" ("split_from_item_id") WHERE "split_from_item_id" IS NOT NULL;
