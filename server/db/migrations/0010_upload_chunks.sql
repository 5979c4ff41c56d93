CREATE TABLE "upload_chunks" (
	"upload_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "upload_chunks_upload_id_seq_pk" PRIMARY KEY("upload_id","seq")
);
--> statement-breakpoint
ALTER TABLE "upload_chunks" ADD CONSTRAINT "upload_chunks_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Stored files are named by what they are, their id and their checked type, never by the client's name.
UPDATE "uploads" SET "file_name" = (CASE WHEN "purpose" = 'evidence' THEN 'evidence' ELSE 'document' END) || '-' || "id" || '.' || (CASE "content_type" WHEN 'application/pdf' THEN 'pdf' WHEN 'image/png' THEN 'png' ELSE 'jpg' END);
