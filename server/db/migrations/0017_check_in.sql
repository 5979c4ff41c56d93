CREATE TABLE "check_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'submitted' NOT NULL,
	"files" jsonb NOT NULL,
	"country" text NOT NULL,
	"province" text,
	"birth_date" text NOT NULL,
	"guardian_name" text,
	"browser_id" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"reject_reason" text,
	"reject_kind" text,
	"files_deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "system_check_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"browser_id" text NOT NULL,
	"verdict" text NOT NULL,
	"checks" jsonb NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_booking_id_exam_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."exam_bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_check_results" ADD CONSTRAINT "system_check_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_ins_status_idx" ON "check_ins" USING btree ("status");--> statement-breakpoint
CREATE INDEX "check_ins_booking_idx" ON "check_ins" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "system_check_results_user_idx" ON "system_check_results" USING btree ("user_id","browser_id");