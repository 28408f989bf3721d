-- The foreign key names "contact_requests" without "public.": the tables live in whichever schema the
-- connection's search_path names (DATABASE_URL ?options=-c search_path=...), as in 0001.
CREATE TABLE "request_page_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_request_id" integer NOT NULL,
	"token_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_outbox" ADD COLUMN "kind" text DEFAULT 'new_request' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "driver_message" text;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "driver_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_page_links" ADD CONSTRAINT "request_page_links_contact_request_id_contact_requests_id_fk" FOREIGN KEY ("contact_request_id") REFERENCES "contact_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "request_page_links_token_sha256_idx" ON "request_page_links" USING btree ("token_sha256");--> statement-breakpoint
CREATE INDEX "request_page_links_contact_request_idx" ON "request_page_links" USING btree ("contact_request_id");