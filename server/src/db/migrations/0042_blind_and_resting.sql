-- Monitors that rest and say when they are blind (issue 26):
--   monitor_targets.not_found_since/not_found_streak: the page answered 404/410 since then, this many
--     fetches in a row; the target rests (its interval doubles up to an hour) and its watchers pause
--     themselves after a day of it
--   products.failing_since: the first failed check of the current streak (null after a success)
--   products.blind_since: set when the monitor said it is blind (one alert), cleared by the success
--     that says it is back (one alert)
ALTER TABLE "monitor_targets" ADD COLUMN "not_found_since" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "monitor_targets" ADD COLUMN "not_found_streak" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "failing_since" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "blind_since" timestamp with time zone;
--> statement-breakpoint
UPDATE "products" SET "failing_since" = "last_error_at" WHERE "failure_streak" > 0;
