-- A target whose watchers all read its last answer and found nothing new is "settled": while the
-- page answers the same, a fetch changes no watcher's state, so the engine neither ships their
-- rows out of the database nor runs their detection; one statement moves their clocks.
-- monitor_targets.reading_key: a digest of the last answer read (null after a failure);
-- products.reading_key: the answer this watcher last read with no change at all (null otherwise).
ALTER TABLE "monitor_targets" ADD COLUMN "reading_key" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reading_key" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "edit_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Anything that could make the same answer mean something else to a watcher (its rules, interval,
-- channels, what it watches, the state its detection compares) forgets what it read, and counts an
-- edit: the engine writes a watcher's reading_key only if no edit came between its lease and its
-- write, so a rule changed during a fetch is applied at the next one, never skipped.
CREATE OR REPLACE FUNCTION product_reading_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.reading_key := NULL;
  NEW.edit_version := OLD.edit_version + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_reading_reset BEFORE UPDATE ON "products" FOR EACH ROW
WHEN (
  (OLD.user_id, OLD.target_id, OLD.is_active, OLD.check_interval, OLD.rules, OLD.webhook_url,
   OLD.alert_channels, OLD.status, OLD.available_sizes, OLD.last_notified_status,
   OLD.last_notified_sizes, OLD.price, OLD.currency, OLD.image_url, OLD.engine_state,
   OLD.blind_since, OLD.name, OLD.url, OLD.platform, OLD.product_id, OLD.monitor_type, OLD.config,
   OLD.variants, OLD.last_check IS NULL)
  IS DISTINCT FROM
  (NEW.user_id, NEW.target_id, NEW.is_active, NEW.check_interval, NEW.rules, NEW.webhook_url,
   NEW.alert_channels, NEW.status, NEW.available_sizes, NEW.last_notified_status,
   NEW.last_notified_sizes, NEW.price, NEW.currency, NEW.image_url, NEW.engine_state,
   NEW.blind_since, NEW.name, NEW.url, NEW.platform, NEW.product_id, NEW.monitor_type, NEW.config,
   NEW.variants, NEW.last_check IS NULL)
) EXECUTE FUNCTION product_reading_reset();
