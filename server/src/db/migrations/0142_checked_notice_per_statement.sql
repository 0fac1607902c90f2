-- The live feed's "checked" notice (only a check's clock moved: last_check, last_error_at, the
-- failure count) came from the row trigger, one PL/pgSQL call per product checked: on the embedded
-- database that call cost more than the rest of the row's write. The row trigger now fires only for
-- the changes it names (a status, a restock, anything else a person sees); "checked" is sent once per
-- statement and user from the statement's changed rows, which PostgreSQL folds per transaction as before.
DROP TRIGGER IF EXISTS products_status_changed ON "products";
--> statement-breakpoint
CREATE TRIGGER products_status_changed AFTER UPDATE ON "products" FOR EACH ROW
WHEN (
  (OLD.user_id, OLD.name, OLD.product_id, OLD.url, OLD.image_url, OLD.price, OLD.currency,
   OLD.webhook_url, OLD.check_interval, OLD.is_active, OLD.status, OLD.last_notified_status,
   OLD.available_sizes, OLD.last_notified_sizes, OLD.platform, OLD.monitor_type, OLD.config,
   OLD.has_variants, OLD.variants, OLD.failure_streak > 0, OLD.last_error, OLD.last_restock_at,
   OLD.paused_until)
  IS DISTINCT FROM
  (NEW.user_id, NEW.name, NEW.product_id, NEW.url, NEW.image_url, NEW.price, NEW.currency,
   NEW.webhook_url, NEW.check_interval, NEW.is_active, NEW.status, NEW.last_notified_status,
   NEW.available_sizes, NEW.last_notified_sizes, NEW.platform, NEW.monitor_type, NEW.config,
   NEW.has_variants, NEW.variants, NEW.failure_streak > 0, NEW.last_error, NEW.last_restock_at,
   NEW.paused_until)
) EXECUTE FUNCTION notify_product_status();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_products_checked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('product_status', '{"kind":"checked","userId":' || d.user_id || '}')
  FROM (SELECT DISTINCT n.user_id FROM changed_new n JOIN changed_old o ON o.id = n.id
        WHERE (n.last_check, n.last_error_at, n.failure_streak)
          IS DISTINCT FROM (o.last_check, o.last_error_at, o.failure_streak)) d;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_checked AFTER UPDATE ON "products"
REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
FOR EACH STATEMENT EXECUTE FUNCTION notify_products_checked();
