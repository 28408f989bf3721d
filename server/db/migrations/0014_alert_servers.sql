CREATE TABLE "alert_servers" (
	"id" text PRIMARY KEY NOT NULL,
	"channels" text[] NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
