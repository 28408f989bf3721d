CREATE TABLE "here_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_request_id" integer NOT NULL,
	"token_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_request_id" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy_m" double precision NOT NULL,
	"fixed_at" timestamp with time zone NOT NULL,
	"nearest_town" text,
	"nearest_town_km" double precision
);
--> statement-breakpoint
ALTER TABLE "here_links" ADD CONSTRAINT "here_links_contact_request_id_contact_requests_id_fk" FOREIGN KEY ("contact_request_id") REFERENCES "contact_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_locations" ADD CONSTRAINT "request_locations_contact_request_id_contact_requests_id_fk" FOREIGN KEY ("contact_request_id") REFERENCES "contact_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "here_links_token_sha256_idx" ON "here_links" USING btree ("token_sha256");--> statement-breakpoint
CREATE INDEX "here_links_contact_request_idx" ON "here_links" USING btree ("contact_request_id");--> statement-breakpoint
CREATE INDEX "request_locations_contact_request_idx" ON "request_locations" USING btree ("contact_request_id","id");