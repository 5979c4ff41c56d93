CREATE TABLE "issued_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"certification_id" integer NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"signing_key" text NOT NULL,
	"public_json" text NOT NULL,
	"holder_json" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issued_credentials" ADD CONSTRAINT "issued_credentials_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_credentials_cycle_idx" ON "issued_credentials" USING btree ("certification_id","valid_until");--> statement-breakpoint
CREATE INDEX "issued_credentials_key_idx" ON "issued_credentials" USING btree ("signing_key","valid_until");