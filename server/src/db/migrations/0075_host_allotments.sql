-- Each retailer host's request budget holds for every engine process together: each process holds
-- an allotment of it here (its share of the requests per minute and at once), renewed every second
-- and expiring when the process stops renewing it (server/src/engine/fetch/host-allotments.ts).
CREATE TABLE "host_allotments" (
	"host" text NOT NULL,
	"worker_id" text NOT NULL,
	-- the requests per second the process asked for on this host lately
	"demand" double precision NOT NULL,
	"per_minute" double precision NOT NULL,
	"at_once" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "host_allotments_pk" PRIMARY KEY ("host", "worker_id")
);
