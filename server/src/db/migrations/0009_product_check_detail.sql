-- What the last check of a product read (the "Testar agora" panel and the card's failure box open
-- it): route, HTTP exchanges, sizes, price, verdict, and on failure the reason and an excerpt.
ALTER TABLE "products" ADD COLUMN "last_check_detail" jsonb;
