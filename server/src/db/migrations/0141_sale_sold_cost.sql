-- Each sale keeps what its item cost ((price + shipping) × units, the item's amounts being in the
-- books' currency), so Status sums it with the sales' other figures instead of joining every sold
-- item (docs/decisions.md, "Status with 10 000 sales", third round). Triggers keep it right on
-- every write path (forms, imports, lot splits, restores): a sale takes it from its item when it
-- is written or moved to another item, and a change of an item's price, shipping or units passes
-- the new cost to its sale. Null when the sale has no item, as the join it replaces counted it.
ALTER TABLE "sales" ADD COLUMN "sold_cost" numeric;
--> statement-breakpoint
UPDATE "sales" SET "sold_cost" = ("inventory_items"."price" + "inventory_items"."shipping_price") * "inventory_items"."quantity" FROM "inventory_items" WHERE "inventory_items"."id" = "sales"."inventory_item_id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sale_sold_cost() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sold_cost := (SELECT (i.price + i.shipping_price) * i.quantity FROM inventory_items i WHERE i.id = NEW.inventory_item_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sales_sold_cost BEFORE INSERT OR UPDATE OF "inventory_item_id", "sold_cost" ON "sales" FOR EACH ROW EXECUTE FUNCTION sale_sold_cost();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION item_sold_cost() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sales SET sold_cost = (NEW.price + NEW.shipping_price) * NEW.quantity
    WHERE inventory_item_id = NEW.id AND sold_cost IS DISTINCT FROM (NEW.price + NEW.shipping_price) * NEW.quantity;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER inventory_items_sold_cost AFTER UPDATE OF "price", "shipping_price", "quantity" ON "inventory_items" FOR EACH ROW
  WHEN ((OLD.price, OLD.shipping_price, OLD.quantity) IS DISTINCT FROM (NEW.price, NEW.shipping_price, NEW.quantity))
  EXECUTE FUNCTION item_sold_cost();
