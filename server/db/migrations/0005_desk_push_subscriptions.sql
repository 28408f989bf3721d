-- Hand-edited after generation: the foreign key names "desk_users" without "public.", so the table is found
-- in whatever schema the search_path chooses (each PostgreSQL test file has its own).
CREATE TABLE "desk_push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "desk_push_subscriptions" ADD CONSTRAINT "desk_push_subscriptions_user_id_desk_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "desk_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "desk_push_subscriptions_endpoint_idx" ON "desk_push_subscriptions" USING btree ("endpoint");