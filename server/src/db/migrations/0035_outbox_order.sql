-- A product's alerts go to each destination in order: the notifier looks up the unfinished rows of
-- one product and destination (issue 27). Status 'superseded' joins 'sent' and 'failed' as final.
CREATE INDEX "notifications_unfinished_idx" ON "notifications" USING btree ("product_id","webhook_url","id") WHERE "notifications"."status" in ('pending', 'sending');
