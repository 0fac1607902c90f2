-- A disabled account's products are not watchers of their targets (server/src/engine/store.ts), so
-- a target watched by it alone has no due time. Enabling the account again brings each of its
-- active products' targets forward to the product's own due time. disabled_at comes with the
-- accounts migration (0050): the function reads it only when it runs, and does nothing otherwise.
CREATE OR REPLACE FUNCTION user_targets_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF to_jsonb(OLD)->'disabled_at' IS DISTINCT FROM to_jsonb(NEW)->'disabled_at'
     AND to_jsonb(NEW)->>'disabled_at' IS NULL THEN
    UPDATE monitor_targets t SET next_check_at = least(coalesce(t.next_check_at, p.due), p.due)
    FROM (SELECT target_id, min(next_check_at) AS due FROM products
          WHERE user_id = NEW.id AND is_active AND target_id IS NOT NULL GROUP BY target_id) p
    WHERE t.id = p.target_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_targets_due AFTER UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION user_targets_due();
