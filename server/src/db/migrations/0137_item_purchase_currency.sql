-- An item bought in another currency (AliExpress in USD): the unit amount as paid, in that currency,
-- and the rate to the books' currency on that day. The price stays the books' amount, computed from
-- them exactly; all three are null for an item bought in the books' currency.
ALTER TABLE "inventory_items" ADD COLUMN "purchase_currency" text;
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "purchase_amount" numeric(12, 2);
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "purchase_rate" numeric(14, 6);
--> statement-breakpoint
CREATE INDEX "inventory_user_currency_idx" ON "inventory_items" ("user_id", "purchase_currency", "created_at") WHERE "purchase_currency" IS NOT NULL;
