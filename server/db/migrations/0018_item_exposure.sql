CREATE TABLE "item_exposure" (
	"cert_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"forms" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_exposure_cert_id_item_id_pk" PRIMARY KEY("cert_id","item_id")
);
--> statement-breakpoint
-- the forms stored before the counter existed (issue 30.5): each sitting's form counts once per item id
INSERT INTO "item_exposure" ("cert_id", "item_id", "forms")
SELECT s."cert_id", e->>'itemId', count(DISTINCT s."id")::integer
FROM "exam_sittings" s CROSS JOIN LATERAL jsonb_array_elements(s."form") e
GROUP BY 1, 2;
