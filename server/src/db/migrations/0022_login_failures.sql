-- Failed logins and request-rate counts live in the database, not in each web process's memory:
-- behind a load balancer two processes used to allow 10 guesses each. One row per attempt not (yet) proven right.
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"username_key" text NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_failures_username_at_idx" ON "login_failures" ("username_key", "at");
--> statement-breakpoint
CREATE INDEX "login_failures_at_idx" ON "login_failures" ("at");
--> statement-breakpoint
-- past the per-username ceiling, the next moment an attempt on that username may run
CREATE TABLE "login_slowdowns" (
	"username_key" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- request-rate limits (@fastify/rate-limit) per key: a fixed window and its count, shared too
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_idx" ON "rate_limit_hits" ("window_started");
--> statement-breakpoint
-- names stored before the username rules are given their one spelling (trimmed, NFKC) too, so
-- their owners can log in by typing them; a name that would then equal another one ignoring case
-- gets "-<its id>" appended, as migration 0004 does
DO $$
DECLARE
  stale record;
  renamed text;
BEGIN
  FOR stale IN
    SELECT id, btrim(normalize(username, NFKC)) AS wanted FROM users
    WHERE username <> btrim(normalize(username, NFKC))
    ORDER BY id
  LOOP
    renamed := stale.wanted;
    WHILE EXISTS (SELECT 1 FROM users WHERE lower(username) = lower(renamed) AND id <> stale.id) LOOP
      renamed := renamed || '-' || stale.id;
    END LOOP;
    UPDATE users SET username = renamed WHERE id = stale.id;
  END LOOP;
END $$;
