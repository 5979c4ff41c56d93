ALTER TABLE "orders" ALTER COLUMN "card_brand" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "card_last4" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "gateway_ref" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key_idx" ON "orders" USING btree ("idempotency_key");