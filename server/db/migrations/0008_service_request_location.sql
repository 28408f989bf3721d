ALTER TABLE "contact_requests" ADD COLUMN "source" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "location_accuracy_m" double precision;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "location_fixed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "nearest_town" text;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "nearest_town_km" double precision;