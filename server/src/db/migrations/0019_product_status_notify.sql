-- Live updates (GET /api/events): each committed change of a product a reseller sees is announced
-- on the channel product_status with its owner, so a web process can tell that user's open pages,
-- whichever process wrote it (a worker, another web process, psql). The data_changed triggers
-- (0001, 0002) stay as they are: they name tables, not users.
-- Payloads (JSON, small; names cut to 200 characters, far below the 8000-byte limit):
--   {"kind":"status","userId","productId","status","previousStatus","restock","name"}
--       the status changed or the engine saw a restock (last_restock_at moved, its rule)
--   {"kind":"changed","userId"}  any other visible change (sizes, an error starting or ending, an
--       edit), an added or removed product
--   {"kind":"checked","userId"}  only the check's clock moved: last_check at every successful
--       check, the streak count and last_error_at of a failure that goes on
-- The last two do not name the product, so PostgreSQL folds them into one per user and
-- transaction: a batch of 500 checks of one user is one notification, not 500.
CREATE OR REPLACE FUNCTION notify_product_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('product_status', json_build_object('kind', 'changed', 'userId', OLD.user_id)::text);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('product_status', json_build_object('kind', 'changed', 'userId', NEW.user_id)::text);
  ELSIF NEW.status IS DISTINCT FROM OLD.status
     OR (NEW.last_restock_at IS NOT NULL AND NEW.last_restock_at IS DISTINCT FROM OLD.last_restock_at) THEN
    PERFORM pg_notify('product_status', json_build_object(
      'kind', 'status', 'userId', NEW.user_id, 'productId', NEW.id, 'status', NEW.status,
      'previousStatus', OLD.status,
      'restock', NEW.last_restock_at IS NOT NULL AND NEW.last_restock_at IS DISTINCT FROM OLD.last_restock_at,
      'name', left(NEW.name, 200))::text);
  ELSIF (OLD.user_id, OLD.name, OLD.product_id, OLD.url, OLD.image_url, OLD.price, OLD.currency,
         OLD.webhook_url, OLD.check_interval, OLD.is_active, OLD.last_notified_status,
         OLD.available_sizes, OLD.last_notified_sizes, OLD.platform, OLD.monitor_type, OLD.config,
         OLD.has_variants, OLD.variants, OLD.failure_streak > 0, OLD.last_error, OLD.paused_until)
        IS DISTINCT FROM
        (NEW.user_id, NEW.name, NEW.product_id, NEW.url, NEW.image_url, NEW.price, NEW.currency,
         NEW.webhook_url, NEW.check_interval, NEW.is_active, NEW.last_notified_status,
         NEW.available_sizes, NEW.last_notified_sizes, NEW.platform, NEW.monitor_type, NEW.config,
         NEW.has_variants, NEW.variants, NEW.failure_streak > 0, NEW.last_error, NEW.paused_until) THEN
    PERFORM pg_notify('product_status', json_build_object('kind', 'changed', 'userId', NEW.user_id)::text);
  ELSE
    PERFORM pg_notify('product_status', '{"kind":"checked","userId":' || NEW.user_id || '}');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_status_added_or_removed AFTER INSERT OR DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION notify_product_status();
--> statement-breakpoint
-- the WHEN clause keeps the engine's lease and bookkeeping updates (lease_until, next_check_at,
-- engine_state) from calling the function at all
CREATE TRIGGER products_status_changed AFTER UPDATE ON "products" FOR EACH ROW
WHEN (
  (OLD.user_id, OLD.name, OLD.product_id, OLD.url, OLD.image_url, OLD.price, OLD.currency,
   OLD.webhook_url, OLD.check_interval, OLD.is_active, OLD.status, OLD.last_notified_status,
   OLD.available_sizes, OLD.last_notified_sizes, OLD.platform, OLD.monitor_type, OLD.config,
   OLD.has_variants, OLD.variants, OLD.failure_streak, OLD.last_error, OLD.last_error_at,
   OLD.last_check, OLD.last_restock_at, OLD.paused_until)
  IS DISTINCT FROM
  (NEW.user_id, NEW.name, NEW.product_id, NEW.url, NEW.image_url, NEW.price, NEW.currency,
   NEW.webhook_url, NEW.check_interval, NEW.is_active, NEW.status, NEW.last_notified_status,
   NEW.available_sizes, NEW.last_notified_sizes, NEW.platform, NEW.monitor_type, NEW.config,
   NEW.has_variants, NEW.variants, NEW.failure_streak, NEW.last_error, NEW.last_error_at,
   NEW.last_check, NEW.last_restock_at, NEW.paused_until)
)
EXECUTE FUNCTION notify_product_status();
