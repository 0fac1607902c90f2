-- A message that must go out once however many workers or restarts try to queue it (the weekly
-- report: one per user and week) carries a key; the unique index makes the second insert a no-op.
ALTER TABLE "notifications" ADD COLUMN "dedupe_key" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_key_idx" ON "notifications" ("dedupe_key") WHERE "dedupe_key" IS NOT NULL;
--> statement-breakpoint
-- Web Push: the devices a user allowed notifications on (one row per browser subscription)
CREATE TABLE "push_subscriptions" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "endpoint" text NOT NULL,
  "p256dh" text NOT NULL,
  "auth" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" ("endpoint");
--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" ("user_id");
