-- The Status figures of a period read only the sales and items that can fall in it: sales by their
-- instant, items by the instant their bought day is taken from (the purchase day, else the day they
-- were registered).
CREATE INDEX "sales_user_date_idx" ON "sales" ("user_id", "sale_date");
--> statement-breakpoint
CREATE INDEX "inventory_user_bought_idx" ON "inventory_items" ("user_id", (coalesce("purchase_date", "created_at")));
