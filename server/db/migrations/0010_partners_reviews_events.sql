CREATE TABLE "offer_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"token_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_request_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"state" text DEFAULT 'offered' NOT NULL,
	"town" text NOT NULL,
	"distance_km" double precision,
	"offered_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"eta_minutes" integer,
	"decline_reason" text,
	"step" text,
	"step_at" timestamp with time zone,
	"not_completed_reason" text
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"webhook_url" text,
	"services" text[] NOT NULL,
	"towns" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"insurance_expires_on" date,
	"last_offered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_request_id" integer,
	"partner_id" integer,
	"stars" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"consent" boolean DEFAULT false NOT NULL,
	"language" text NOT NULL,
	"first_name" text NOT NULL,
	"town" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"hidden" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_event_counts" (
	"day" date NOT NULL,
	"name" text NOT NULL,
	"page" text NOT NULL,
	"placement" text NOT NULL,
	"language" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_outbox" ADD COLUMN "offer_id" integer;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "desk_vehicle" text;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "license_plate" text;--> statement-breakpoint
ALTER TABLE "request_events" ADD COLUMN "partner_id" integer;--> statement-breakpoint
ALTER TABLE "offer_links" ADD CONSTRAINT "offer_links_offer_id_partner_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "partner_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_offers" ADD CONSTRAINT "partner_offers_contact_request_id_contact_requests_id_fk" FOREIGN KEY ("contact_request_id") REFERENCES "contact_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_offers" ADD CONSTRAINT "partner_offers_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_contact_request_id_contact_requests_id_fk" FOREIGN KEY ("contact_request_id") REFERENCES "contact_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_links_token_sha256_idx" ON "offer_links" USING btree ("token_sha256");--> statement-breakpoint
CREATE INDEX "offer_links_offer_idx" ON "offer_links" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_offers_one_accepted_idx" ON "partner_offers" USING btree ("contact_request_id") WHERE "partner_offers"."state" = 'accepted';--> statement-breakpoint
CREATE INDEX "partner_offers_contact_request_idx" ON "partner_offers" USING btree ("contact_request_id","id");--> statement-breakpoint
CREATE INDEX "partner_offers_partner_created_idx" ON "partner_offers" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_offers_open_expires_idx" ON "partner_offers" USING btree ("expires_at") WHERE "partner_offers"."state" = 'offered';--> statement-breakpoint
CREATE INDEX "partners_company_name_idx" ON "partners" USING btree ("company_name");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_contact_request_idx" ON "reviews" USING btree ("contact_request_id");--> statement-breakpoint
CREATE INDEX "reviews_published_idx" ON "reviews" USING btree ("published_at") WHERE "reviews"."published_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "site_event_counts_key_idx" ON "site_event_counts" USING btree ("day","name","page","placement","language");--> statement-breakpoint
ALTER TABLE "alert_outbox" ADD CONSTRAINT "alert_outbox_offer_id_partner_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "partner_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_outbox_review_request_once_idx" ON "alert_outbox" USING btree ("contact_request_id","channel") WHERE "alert_outbox"."kind" = 'review_request';--> statement-breakpoint
CREATE INDEX "request_events_kind_at_idx" ON "request_events" USING btree ("kind","at");