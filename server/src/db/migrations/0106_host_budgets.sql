-- The admin's request budget per retailer host (issue 26, Settings → Sistema): it replaces the
-- platform record's (or the default) for every engine process, which reads this table every few
-- seconds (engine/fetch/budget-overrides.ts). A host without a row keeps its platform's budget.
CREATE TABLE "host_budgets" (
  "host" text PRIMARY KEY,
  "per_minute" integer NOT NULL,
  "at_once" integer NOT NULL,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
