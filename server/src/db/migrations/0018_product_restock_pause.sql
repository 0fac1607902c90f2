-- The Monitor's list shows when a product last came back in stock, and a card says when its checks
-- fail because the engine paused the host after a block. Both are written by the engine's batch
-- statement: last_restock_at with a restock (always together with a status change), paused_until
-- with every check outcome (set only while the host is paused, which always comes with a failure
-- streak change), so the change trigger of 0002 already announces them.
ALTER TABLE "products" ADD COLUMN "last_restock_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "paused_until" timestamp with time zone;
