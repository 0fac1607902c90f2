-- Search monitors, price rules and "only my sizes" (issue 25).
-- rules: the monitor's rules (common/schemas/monitor-rules.ts), null = none.
-- latest_matches: a search monitor's newest matching items for its card (at most 12, newest first);
-- with each change the engine also writes their titles to available_sizes, which the change
-- triggers already announce.
-- search_seen: every item id a search monitor has seen, so an id alerts at most once whatever
-- restarts, retries or workers come between; written by the engine's batch statement together with
-- the alerts (the lease decides which worker may), pruned by age (engine/search-seen.ts).
ALTER TABLE "products" ADD COLUMN "rules" jsonb;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "latest_matches" jsonb;
--> statement-breakpoint
CREATE TABLE "search_seen" (
  "product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "item_id" text NOT NULL,
  "seen_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("product_id", "item_id")
);
--> statement-breakpoint
CREATE INDEX "search_seen_age_idx" ON "search_seen" ("seen_at");
