-- Two things Status computed for every sale at every answer are now kept on the sale, as columns
-- PostgreSQL computes itself whenever the sale is written: its margin (profit × 100 / price, as
-- the average margin takes it; null for a sale at 0) and whether it was kept without a time
-- (00:00 UTC, its own day in every zone). Same values, read instead of computed (docs/decisions.md,
-- "Status with 10 000 sales", third round).
ALTER TABLE "sales" ADD COLUMN "margin" numeric GENERATED ALWAYS AS ("profit" * 100 / nullif("sale_price", 0)) STORED;
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "day_only" boolean GENERATED ALWAYS AS (("sale_date" at time zone 'UTC')::time = '00:00') STORED;
