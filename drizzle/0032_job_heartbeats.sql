CREATE TABLE "job_heartbeats" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL
);
