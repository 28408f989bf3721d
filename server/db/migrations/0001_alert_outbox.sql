CREATE TABLE "alert_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_request_id" integer NOT NULL,
	"channel" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Hand-edited after generation: the old column held UTC wall-clock times (every session ran in UTC), so
-- convert them as UTC whatever this session's zone; fill any NULL before the column becomes NOT NULL.
ALTER TABLE "contact_requests" ALTER COLUMN "created_at" SET DATA TYPE timestamp with time zone USING "created_at" AT TIME ZONE 'UTC';--> statement-breakpoint
ALTER TABLE "contact_requests" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
UPDATE "contact_requests" SET "created_at" = now() WHERE "created_at" IS NULL;--> statement-breakpoint
ALTER TABLE "contact_requests" ALTER COLUMN "created_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_outbox" ADD CONSTRAINT "alert_outbox_contact_request_id_contact_requests_id_fk" FOREIGN KEY ("contact_request_id") REFERENCES "contact_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_outbox_due_idx" ON "alert_outbox" USING btree ("next_attempt_at") WHERE "alert_outbox"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "alert_outbox_contact_request_idx" ON "alert_outbox" USING btree ("contact_request_id");