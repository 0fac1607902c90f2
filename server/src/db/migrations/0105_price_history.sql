-- Each product monitor's price history (issue 25): one row per price the engine saw change, written
-- by the check's batch statement together with the new price (engine/store.ts). Kept bounded by the
-- pruning: a year, and at most the newest 500 rows of a monitor (engine/price-history.ts).
CREATE TABLE "price_history" (
  "id" bigserial PRIMARY KEY,
  "product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "price" numeric(10, 2) NOT NULL,
  "currency" text NOT NULL DEFAULT 'EUR',
  "recorded_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "price_history_product_idx" ON "price_history" ("product_id", "recorded_at");
--> statement-breakpoint
-- the price each monitor shows today starts its history
INSERT INTO "price_history" ("product_id", "price", "currency", "recorded_at")
SELECT "id", "price", coalesce("currency", 'EUR'), coalesce("last_check", "created_at", now())
FROM "products" WHERE "price" IS NOT NULL;
