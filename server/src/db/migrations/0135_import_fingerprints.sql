-- CSV import of the books (issue 29): one row per line imported from a file, keyed by the hash of
-- its normalised values, so importing the same file twice adds nothing. It goes with the item or
-- sale the line made (a deleted item's line may be imported again).
CREATE TABLE "import_fingerprints" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "fingerprint" text NOT NULL,
  "inventory_item_id" integer REFERENCES "inventory_items"("id") ON DELETE CASCADE,
  "sale_id" integer REFERENCES "sales"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "import_fingerprints_pk" PRIMARY KEY ("user_id", "kind", "fingerprint")
);
--> statement-breakpoint
CREATE INDEX "import_fingerprints_item_idx" ON "import_fingerprints" ("inventory_item_id");
--> statement-breakpoint
CREATE INDEX "import_fingerprints_sale_idx" ON "import_fingerprints" ("sale_id");
