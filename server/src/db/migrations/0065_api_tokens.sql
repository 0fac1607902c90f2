-- Personal API tokens: a user's scripts call /api with `Authorization: Bearer <token>`.
-- Only the token's sha256 is kept; its first characters name it in the list.
CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"scopes" text[] NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_idx" ON "api_tokens" ("token_hash");
--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" ("user_id");
--> statement-breakpoint
-- a created or revoked token is known at once by every web process's cache; "last used" says nothing
CREATE TRIGGER api_tokens_added_or_removed AFTER INSERT OR DELETE ON "api_tokens" FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER api_tokens_truncated AFTER TRUNCATE ON "api_tokens" FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
