-- Fee presets per sale platform (books issue): each row is one version of a user's preset, valid
-- from its day until the next version of the same platform. An edit adds a version valid from the
-- day of the edit (a second edit on one day replaces that day's version), so the version a past sale
-- was priced with stays. The defaults (common/fee-presets.ts) are copied into a user's rows, valid
-- from 2000-01-01, the first time their presets are read.
CREATE TABLE "fee_presets" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "platform" text NOT NULL,
  "percent" numeric(5, 2) NOT NULL,
  "fixed_amount" numeric(10, 2) NOT NULL,
  "shipping_paid_by" text NOT NULL,
  "valid_from" date NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "fee_presets_version_unique" UNIQUE ("user_id", "platform", "valid_from"),
  CONSTRAINT "fee_presets_shipping_check" CHECK ("shipping_paid_by" IN ('buyer', 'seller')),
  CONSTRAINT "fee_presets_percent_check" CHECK ("percent" >= 0 AND "percent" <= 100),
  CONSTRAINT "fee_presets_fixed_check" CHECK ("fixed_amount" >= 0)
);
--> statement-breakpoint
CREATE TRIGGER fee_presets_changed AFTER INSERT OR UPDATE OR DELETE ON "fee_presets" FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER fee_presets_truncated AFTER TRUNCATE ON "fee_presets" FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
