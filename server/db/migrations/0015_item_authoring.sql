CREATE TABLE "sme_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_items" ADD COLUMN "author_id" integer;--> statement-breakpoint
ALTER TABLE "exam_items" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_items" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_items" ADD COLUMN "reviewer_id" integer;--> statement-breakpoint
ALTER TABLE "exam_items" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_items" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "exam_items" ADD COLUMN "check_status" text;--> statement-breakpoint
ALTER TABLE "exam_items" ADD COLUMN "check_output" text;--> statement-breakpoint
ALTER TABLE "exam_items" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sme_agreements" ADD CONSTRAINT "sme_agreements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sme_agreements_user_idx" ON "sme_agreements" USING btree ("user_id","kind");--> statement-breakpoint
ALTER TABLE "exam_items" ADD CONSTRAINT "exam_items_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_items" ADD CONSTRAINT "exam_items_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_items_open_idx" ON "exam_items" USING btree ("item_id") WHERE "exam_items"."state" in ('draft', 'in_review');