-- Each sale keeps the books currency it was recorded in, so that changing the books currency in
-- Settings relabels nothing already sold (docs/decisions.md, "A venda guarda a sua moeda"). Existing
-- sales take their owner's books currency of today, the one they were shown in until now.
ALTER TABLE "sales" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;
--> statement-breakpoint
UPDATE "sales" SET "currency" = "user_settings"."value"->>'currency' FROM "user_settings" WHERE "user_settings"."user_id" = "sales"."user_id" AND "user_settings"."value"->>'currency' IN ('USD', 'GBP');
--> statement-breakpoint
CREATE INDEX "sales_user_currency_idx" ON "sales" ("user_id", "currency");
