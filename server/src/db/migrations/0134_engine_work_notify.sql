-- The engine sleeps until its next due fetch instead of polling. A product that needs a fetch
-- sooner (new, edited into a new target, turned on, "verificar agora") wakes every engine process
-- on the channel engine_work; the engine's own writes only move due times later and stay quiet.
CREATE OR REPLACE FUNCTION product_engine_work() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('engine_work', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_engine_work_insert AFTER INSERT ON "products" FOR EACH ROW
  WHEN (NEW.is_active) EXECUTE FUNCTION product_engine_work();
--> statement-breakpoint
CREATE TRIGGER products_engine_work_update AFTER UPDATE ON "products" FOR EACH ROW
  WHEN (NEW.is_active AND (NEW.target_id IS NULL OR NEW.next_check_at < OLD.next_check_at OR NOT OLD.is_active))
  EXECUTE FUNCTION product_engine_work();
