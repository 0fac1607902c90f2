-- A deleted item is kept here for a short while (with its sale and photo) so that 'Anular' in the
-- deletion toast can put it back as it was, ids included. Rows older than an hour are pruned.
CREATE TABLE "deleted_items" (
  "item_id" integer PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "item" jsonb NOT NULL,
  "sale" jsonb,
  "photo_mime" text,
  "photo_full" bytea,
  "photo_thumbnail" bytea,
  "photo_updated_at" timestamp with time zone,
  "deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
