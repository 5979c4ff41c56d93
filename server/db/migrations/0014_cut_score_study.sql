CREATE TABLE "angoff_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"cert_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"version" integer NOT NULL,
	"rater_id" integer,
	"rating" integer NOT NULL,
	"rated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cut_score_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"cert_id" integer NOT NULL,
	"passing_score" integer NOT NULL,
	"published_score" integer NOT NULL,
	"recommended" real,
	"reason" text NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "angoff_ratings" ADD CONSTRAINT "angoff_ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_score_decisions" ADD CONSTRAINT "cut_score_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "angoff_ratings_rater_idx" ON "angoff_ratings" USING btree ("item_id","version","rater_id");--> statement-breakpoint
CREATE INDEX "angoff_ratings_exam_idx" ON "angoff_ratings" USING btree ("cert_id");