-- Hand-edited after generation: the desk's search index needs pg_trgm. It goes into public (an extension
-- exists once per database) so that a site kept in its own schema, or several of them, share it; the
-- index names its operator class with the schema. PGlite loads the extension in server/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE TABLE "desk_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"data" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desk_sign_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"email" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"client_address" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desk_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "desk_sessions" ADD CONSTRAINT "desk_sessions_user_id_desk_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "desk_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desk_sessions_user_idx" ON "desk_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "desk_sign_ins_at_idx" ON "desk_sign_ins" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "desk_users_email_idx" ON "desk_users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "request_events_request_idx" ON "request_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "contact_requests_status_id_idx" ON "contact_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "contact_requests_service_id_idx" ON "contact_requests" USING btree ("service","id");--> statement-breakpoint
CREATE INDEX "contact_requests_created_at_idx" ON "contact_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_requests_search_idx" ON "contact_requests" USING gin ((lower("name" || ' ' || "phone" || ' ' || regexp_replace("phone", '[^0-9]', '', 'g') || ' ' || "email" || ' ' || "pickup_location" || ' ' || "dropoff_location")) public.gin_trgm_ops);