-- Hand-edited after generation: the foreign key names "contact_requests" without "public." (the tables live
-- in whichever schema the connection uses), and the rollups of the requests already stored are filled at the end.
CREATE TABLE "request_day_counts" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "request_day_counts_day_dimension_key_pk" PRIMARY KEY("day","dimension","key")
);
--> statement-breakpoint
CREATE TABLE "request_waits" (
	"request_id" integer PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"first_contact_seconds" double precision,
	"partner_acceptance_seconds" double precision
);
--> statement-breakpoint
CREATE TABLE "site_event_totals" (
	"day" date NOT NULL,
	"name" text NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "site_event_totals_day_name_dimension_key_pk" PRIMARY KEY("day","name","dimension","key")
);
--> statement-breakpoint
ALTER TABLE "request_waits" ADD CONSTRAINT "request_waits_request_id_contact_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "contact_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_waits_received_idx" ON "request_waits" USING btree ("received_at");--> statement-breakpoint
-- The rollups of the requests stored so far, by the business's days (src/shared/site.ts's timeZone),
-- as server/features/service-requests/numbers-rollups.ts keeps them from now on.
INSERT INTO "request_day_counts" ("day", "dimension", "key", "count")
SELECT day, dimension, key, count(*)::int FROM (
  SELECT (r.created_at AT TIME ZONE 'America/Los_Angeles')::date AS day, d.dimension, d.key
  FROM contact_requests AS r
  CROSS JOIN LATERAL (VALUES ('service', r.service), ('town', coalesce(r.nearest_town, 'unknown')), ('source', r.source)) AS d(dimension, key)
  WHERE r.status <> 'spam'
  UNION ALL
  SELECT (r.cancelled_at AT TIME ZONE 'America/Los_Angeles')::date, 'cancelled', ''
  FROM contact_requests AS r WHERE r.status = 'cancelled' AND r.cancelled_at IS NOT NULL
) AS counted GROUP BY day, dimension, key;
--> statement-breakpoint
INSERT INTO "request_waits" ("request_id", "received_at", "first_contact_seconds", "partner_acceptance_seconds")
SELECT r.id, r.created_at,
       date_part('epoch', min(e.at) FILTER (WHERE e.kind = 'status' AND e.from_status = 'new') - r.created_at),
       date_part('epoch', min(e.at) FILTER (WHERE e.kind = 'offer_accepted') - r.created_at)
FROM contact_requests AS r JOIN request_events AS e ON e.request_id = r.id
WHERE r.status <> 'spam' AND e.kind IN ('status', 'offer_accepted')
GROUP BY r.id, r.created_at;
--> statement-breakpoint
INSERT INTO "site_event_totals" ("day", "name", "dimension", "key", "count")
SELECT day, name, dimension, key, sum(count)::int FROM (
  SELECT day, name, 'all' AS dimension, '' AS key, count FROM site_event_counts
  UNION ALL SELECT day, name, 'page', page, count FROM site_event_counts WHERE name = 'call_tap'
  UNION ALL SELECT day, name, 'placement', placement, count FROM site_event_counts WHERE name = 'call_tap'
) AS totals GROUP BY day, name, dimension, key;
