-- Refunds of chosen lines: an order may have several refunds, each returning some of its lines (one on its way at a time), each with its own ledger transaction.
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_order_id_unique";--> statement-breakpoint
DROP INDEX "ledger_transactions_order_kind_key";--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "lines" integer[];--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_refund_key" ON "ledger_transactions" USING btree ("refund_id") WHERE "ledger_transactions"."refund_id" is not null;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_pending_key" ON "refunds" USING btree ("order_id") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_order_kind_key" ON "ledger_transactions" USING btree ("order_id","kind") WHERE "ledger_transactions"."refund_id" is null;