-- A product's price is kept in the currency the retailer answered in (JPY, USD, PLN, …), so an
-- amount is never shown as euros when it is not. Prices typed by the user are euros.
ALTER TABLE "products" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;
