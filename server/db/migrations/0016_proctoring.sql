CREATE TABLE "proctor_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"sitting_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_id" integer,
	"text" text,
	"upload_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_sittings" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_sittings" ADD COLUMN "end_outcome" text;--> statement-breakpoint
ALTER TABLE "exam_sittings" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "proctor_events" ADD CONSTRAINT "proctor_events_sitting_id_exam_sittings_id_fk" FOREIGN KEY ("sitting_id") REFERENCES "public"."exam_sittings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctor_events" ADD CONSTRAINT "proctor_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctor_events" ADD CONSTRAINT "proctor_events_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proctor_events_sitting_idx" ON "proctor_events" USING btree ("sitting_id","kind","id");