-- Invite links: an admin creates a one-time link (7 days) with which a person chooses their own
-- username and password. Only the hash of the link's token is kept.
CREATE TABLE "invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"monitor_limit" integer DEFAULT 2 NOT NULL,
	"note" text,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" integer REFERENCES "users"("id") ON DELETE SET NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invites_token_hash_idx" ON "invites" ("token_hash");
