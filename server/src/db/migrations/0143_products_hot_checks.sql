-- Each check rewrites its product's row (last check, next due time, failure count). The due-time
-- index on products has had no reader since the engine schedules targets (monitor_targets has its
-- own), and it made every such rewrite update all five of the table's indexes: without it the
-- rewrite changes no indexed column, and PostgreSQL can keep it in the same page (a HOT update).
DROP INDEX IF EXISTS "products_due_idx";
--> statement-breakpoint
-- the trigger that takes a product out of its target when what it watches changes now runs only
-- then, not once per check (a PL/pgSQL call each)
DROP TRIGGER IF EXISTS products_target_reset ON "products";
--> statement-breakpoint
CREATE TRIGGER products_target_reset BEFORE UPDATE ON "products" FOR EACH ROW
WHEN ((NEW.url, NEW.platform, NEW.product_id, NEW.monitor_type, NEW.config, NEW.variants)
  IS DISTINCT FROM (OLD.url, OLD.platform, OLD.product_id, OLD.monitor_type, OLD.config, OLD.variants))
EXECUTE FUNCTION product_target_reset();
