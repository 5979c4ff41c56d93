CREATE TABLE "exam_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"version" integer NOT NULL,
	"cert_id" integer NOT NULL,
	"domain" text NOT NULL,
	"stem" text NOT NULL,
	"options" jsonb NOT NULL,
	"key" integer NOT NULL,
	"rationale" text NOT NULL,
	"reference" text,
	"check" jsonb,
	"state" text DEFAULT 'approved' NOT NULL,
	"content_hash" text NOT NULL,
	"bank" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exam_sitting_answers" (
	"sitting_id" integer NOT NULL,
	"position" integer NOT NULL,
	"choice" text,
	"flagged" boolean DEFAULT false NOT NULL,
	"struck" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seq" integer NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_sitting_answers_sitting_id_position_pk" PRIMARY KEY("sitting_id","position")
);
--> statement-breakpoint
CREATE TABLE "exam_sittings" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"user_id" integer,
	"cert_id" integer NOT NULL,
	"seed" text NOT NULL,
	"form" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"base_minutes" integer NOT NULL,
	"esl_minutes" integer DEFAULT 0 NOT NULL,
	"accommodation_minutes" integer DEFAULT 0 NOT NULL,
	"added_minutes" integer DEFAULT 0 NOT NULL,
	"pauses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deadline_at" timestamp with time zone,
	"holder_id" text NOT NULL,
	"former_holders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_position" integer DEFAULT 1 NOT NULL,
	"agreement_version" text NOT NULL,
	"agreement_accepted_at" timestamp with time zone NOT NULL,
	"name_confirmed_at" timestamp with time zone NOT NULL,
	"country" text NOT NULL,
	"province" text,
	"esl_note" text,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"correct" integer,
	"scored" integer,
	"report" jsonb,
	"attempt_id" integer
);
--> statement-breakpoint
ALTER TABLE "exam_registrations" ADD COLUMN "extra_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "extra_minutes" integer;--> statement-breakpoint
ALTER TABLE "exam_sitting_answers" ADD CONSTRAINT "exam_sitting_answers_sitting_id_exam_sittings_id_fk" FOREIGN KEY ("sitting_id") REFERENCES "public"."exam_sittings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sittings" ADD CONSTRAINT "exam_sittings_registration_id_exam_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."exam_registrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sittings" ADD CONSTRAINT "exam_sittings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sittings" ADD CONSTRAINT "exam_sittings_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_items_version_idx" ON "exam_items" USING btree ("item_id","version");--> statement-breakpoint
CREATE INDEX "exam_items_deliverable_idx" ON "exam_items" USING btree ("cert_id","state","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_sittings_registration_idx" ON "exam_sittings" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "exam_sittings_user_idx" ON "exam_sittings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "exam_sittings_due_idx" ON "exam_sittings" USING btree ("status","deadline_at");