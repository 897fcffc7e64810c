ALTER TABLE "invoice_payments" ADD COLUMN "excess_refund_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "excess_refund_status" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "excess_refund_message" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "excess_refund_ref" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "excess_refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_excess_refund_key" ON "invoice_payments" USING btree ("excess_refund_id");