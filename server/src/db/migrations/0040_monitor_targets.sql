-- Shared targets (issue 26): monitors that watch the same thing (platform, canonical URL or id, the
-- configuration that changes what is fetched) point at one monitor_targets row. The target is the
-- unit the engine leases and fetches; each product keeps its own state, interval and alerts.
-- target_key: a hash of the canonical description (server/src/engine/target-key.ts).
-- next_check_at: when the target is next fetched; null while nobody actively watches it.
CREATE TABLE "monitor_targets" (
  "id" serial PRIMARY KEY NOT NULL,
  "platform" text NOT NULL,
  "target_key" text NOT NULL,
  "url" text NOT NULL,
  "next_check_at" timestamp with time zone,
  "lease_until" timestamp with time zone,
  "leased_by" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "monitor_targets_key_unique" UNIQUE ("platform", "target_key")
);
--> statement-breakpoint
CREATE INDEX "monitor_targets_due_idx" ON "monitor_targets" ("next_check_at") WHERE "next_check_at" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "target_id" integer REFERENCES "monitor_targets"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "products_target_idx" ON "products" ("target_id");
--> statement-breakpoint
-- products still to be placed in a target (new, edited, or from before this migration): the engine
-- adopts them at start and on every turn of its lease loop
CREATE INDEX "products_untargeted_idx" ON "products" ("id") WHERE "target_id" IS NULL;
--> statement-breakpoint
-- an edit of what is fetched takes the product out of its target; the engine places it again
CREATE OR REPLACE FUNCTION product_target_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.url, NEW.platform, NEW.product_id, NEW.monitor_type, NEW.config, NEW.variants)
     IS DISTINCT FROM (OLD.url, OLD.platform, OLD.product_id, OLD.monitor_type, OLD.config, OLD.variants) THEN
    NEW.target_id := NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_target_reset BEFORE UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION product_target_reset();
--> statement-breakpoint
-- a product made due sooner (created, turned on, "check now", placed in a target) brings its
-- target's next fetch forward; the engine's own writes only move products' due times later
CREATE OR REPLACE FUNCTION product_target_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE monitor_targets SET next_check_at = NEW.next_check_at
  WHERE id = NEW.target_id AND (next_check_at IS NULL OR next_check_at > NEW.next_check_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_target_due_insert AFTER INSERT ON "products" FOR EACH ROW
  WHEN (NEW.is_active AND NEW.target_id IS NOT NULL) EXECUTE FUNCTION product_target_due();
--> statement-breakpoint
CREATE TRIGGER products_target_due_update AFTER UPDATE OF "next_check_at", "is_active", "target_id" ON "products" FOR EACH ROW
  WHEN (NEW.is_active AND NEW.target_id IS NOT NULL AND (NEW.next_check_at < OLD.next_check_at
    OR NOT OLD.is_active OR OLD.target_id IS DISTINCT FROM NEW.target_id))
  EXECUTE FUNCTION product_target_due();
