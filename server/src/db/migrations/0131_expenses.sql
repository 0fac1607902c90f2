-- Expenses (books issue): what a reseller spends beside the items themselves (packaging, supplies,
-- subscriptions, travel…), a day and an exact amount, optionally tied to one of the user's items
-- (the link goes with the item). Status and the ranking subtract them from the sales' profit, so
-- they are read by user and day (the index).
CREATE TABLE "expenses" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "spent_on" date NOT NULL,
  "category" text NOT NULL,
  "description" text,
  "amount" numeric(10, 2) NOT NULL,
  "inventory_item_id" integer REFERENCES "inventory_items"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "expenses_amount_check" CHECK ("amount" >= 0)
);
--> statement-breakpoint
CREATE INDEX "expenses_user_day_idx" ON "expenses" ("user_id", "spent_on");
--> statement-breakpoint
-- an expense's receipt photo, apart from the row (as item_photos) so lists carry only its URL
CREATE TABLE "expense_receipts" (
  "expense_id" integer PRIMARY KEY REFERENCES "expenses"("id") ON DELETE CASCADE,
  "mime" text NOT NULL,
  "full" bytea NOT NULL,
  "thumbnail" bytea NOT NULL,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TRIGGER expenses_changed AFTER INSERT OR UPDATE OR DELETE ON "expenses" FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER expenses_truncated AFTER TRUNCATE ON "expenses" FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
