-- Accounts a team can live with: an admin disables an account instead of deleting its books
-- (its sessions end, its monitors stop being checked, its data stays), and each session remembers
-- the device it was opened on and when it was last used, for the "my sessions" list.
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;
--> statement-breakpoint
-- a session's id is the hash of its cookie's token; the list names a session by this instead
ALTER TABLE "sessions" ADD COLUMN "public_id" text DEFAULT gen_random_uuid()::text NOT NULL;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_public_id_idx" ON "sessions" ("public_id");
--> statement-breakpoint
-- "last seen" is written while sessions are used (at most every few minutes each); announcing those
-- writes would empty every process's cache of sessions each time. Only a new, ended or moved
-- session is announced.
DROP TRIGGER IF EXISTS sessions_changed ON "sessions";
--> statement-breakpoint
CREATE TRIGGER sessions_added_or_removed AFTER INSERT OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE ON "sessions" FOR EACH ROW
WHEN ((OLD.id, OLD.user_id, OLD.expires_at) IS DISTINCT FROM (NEW.id, NEW.user_id, NEW.expires_at))
EXECUTE FUNCTION notify_data_changed();
