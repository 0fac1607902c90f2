-- The engine updates every product at each check (lease, then result). Announcing all of those
-- cost the engine a quarter of its lease update and rebuilt the cached monitor list at every
-- check. Only what a reseller sees is announced now: the check's clock (last_check,
-- next_check_at) and the engine's own columns (lease, engine_state) are not, so the cached list
-- may show a last-check time up to a few seconds old (the answer is reloaded every 5 s anyway);
-- a status, size, error or any edit is announced at once.
DROP TRIGGER IF EXISTS products_changed ON "products";
--> statement-breakpoint
CREATE TRIGGER products_added_or_removed AFTER INSERT OR DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER products_changed AFTER UPDATE ON "products" FOR EACH ROW
WHEN (
  (OLD.user_id, OLD.name, OLD.product_id, OLD.url, OLD.image_url, OLD.price, OLD.webhook_url,
   OLD.check_interval, OLD.is_active, OLD.status, OLD.last_notified_status, OLD.available_sizes,
   OLD.last_notified_sizes, OLD.platform, OLD.monitor_type, OLD.config, OLD.has_variants,
   OLD.variants, OLD.failure_streak, OLD.last_error, OLD.last_error_at)
  IS DISTINCT FROM
  (NEW.user_id, NEW.name, NEW.product_id, NEW.url, NEW.image_url, NEW.price, NEW.webhook_url,
   NEW.check_interval, NEW.is_active, NEW.status, NEW.last_notified_status, NEW.available_sizes,
   NEW.last_notified_sizes, NEW.platform, NEW.monitor_type, NEW.config, NEW.has_variants,
   NEW.variants, NEW.failure_streak, NEW.last_error, NEW.last_error_at)
)
EXECUTE FUNCTION notify_data_changed();
