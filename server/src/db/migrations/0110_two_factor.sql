-- Two-factor sign-in (TOTP). The secret lives on the user's row: the session cache already holds
-- that row, so "has 2FA" costs nothing per request. A pending secret waits for its first code.
ALTER TABLE "users" ADD COLUMN "totp_secret" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_pending_secret" text;
--> statement-breakpoint
-- the 30-second step of the last code accepted: a code is never accepted twice
ALTER TABLE "users" ADD COLUMN "totp_last_step" integer;
--> statement-breakpoint
-- one-time recovery codes: only their sha256 is kept
CREATE TABLE "totp_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "totp_recovery_codes_user_idx" ON "totp_recovery_codes" ("user_id");
--> statement-breakpoint
-- a password proven, the code still to come: the challenge's token is kept as its sha256
CREATE TABLE "login_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"expires_at" timestamp with time zone NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_challenges_user_idx" ON "login_challenges" ("user_id");
