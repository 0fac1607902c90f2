-- Devices a user has logged in from: the login's device cookie names one (its token's sha256), and
-- an attempt from such a device skips the per-username slow-down queue strangers fill.
CREATE TABLE "login_devices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_devices_user_idx" ON "login_devices" ("user_id");
--> statement-breakpoint
CREATE INDEX "login_devices_last_used_idx" ON "login_devices" ("last_used_at");
