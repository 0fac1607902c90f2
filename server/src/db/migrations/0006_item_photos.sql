-- Photos leave the inventory row: the list carried every photo as a data URL (100 items with
-- 2 MB photos made a 269 MB answer). Existing data URLs are decoded here; their thumbnails are
-- made by the server the first time one is asked for.
CREATE TABLE "item_photos" (
  "item_id" integer PRIMARY KEY REFERENCES "inventory_items"("id") ON DELETE CASCADE,
  "mime" text NOT NULL,
  "full" bytea NOT NULL,
  "thumbnail" bytea,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "item_photos" ("item_id", "mime", "full")
SELECT "id",
       substring("image" from '^data:([^;]+);base64,'),
       decode(substring("image" from position(',' in "image") + 1), 'base64')
FROM "inventory_items"
WHERE "image" ~ '^data:image/(png|jpeg|webp|gif);base64,';
--> statement-breakpoint
ALTER TABLE "inventory_items" DROP COLUMN "image";
--> statement-breakpoint
-- sale platforms: known names take their one spelling, so "vinted" and "Vinted" chart as one
UPDATE "sales" SET "platform" = CASE lower(trim("platform"))
  WHEN 'vinted' THEN 'Vinted' WHEN 'olx' THEN 'OLX' WHEN 'wallapop' THEN 'Wallapop'
  WHEN 'ebay' THEN 'eBay' WHEN 'stockx' THEN 'StockX' WHEN 'facebook marketplace' THEN 'Facebook Marketplace'
  WHEN 'loja física' THEN 'Loja física' WHEN 'outra' THEN 'Outra' END
WHERE lower(trim("platform")) IN
  ('vinted', 'olx', 'wallapop', 'ebay', 'stockx', 'facebook marketplace', 'loja física', 'outra');
