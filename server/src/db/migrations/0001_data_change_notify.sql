-- Every committed change to a table the API reads announces itself on the channel data_changed
-- (payload: the table's name), so each web process can drop cached answers built from it, whichever
-- process or tool wrote the row (server/src/db/change-feed.ts). Row-level, so a statement that
-- touches no row says nothing; PostgreSQL folds identical notifications of one transaction into one.
-- notifications and host_backoffs are the engine's own bookkeeping, read by no cached answer.
CREATE OR REPLACE FUNCTION notify_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER INSERT OR UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER products_truncated AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER activity_logs_changed AFTER INSERT OR UPDATE OR DELETE ON "activity_logs" FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER activity_logs_truncated AFTER TRUNCATE ON "activity_logs" FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER inventory_items_changed AFTER INSERT OR UPDATE OR DELETE ON "inventory_items" FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER inventory_items_truncated AFTER TRUNCATE ON "inventory_items" FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER sales_changed AFTER INSERT OR UPDATE OR DELETE ON "sales" FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER sales_truncated AFTER TRUNCATE ON "sales" FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER financial_metrics_changed AFTER INSERT OR UPDATE OR DELETE ON "financial_metrics" FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER financial_metrics_truncated AFTER TRUNCATE ON "financial_metrics" FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER app_settings_changed AFTER INSERT OR UPDATE OR DELETE ON "app_settings" FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER app_settings_truncated AFTER TRUNCATE ON "app_settings" FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER user_settings_changed AFTER INSERT OR UPDATE OR DELETE ON "user_settings" FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER user_settings_truncated AFTER TRUNCATE ON "user_settings" FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
