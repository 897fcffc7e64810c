ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_check";--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "excess_charge" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "next" jsonb;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_check" CHECK ("ledger_transactions"."kind" in ('sale', 'refund', 'payout', 'payout-sent', 'payout-back', 'excess-kept'));--> statement-breakpoint
-- Until now only payments in the invoice's own currency could carry an excess: the same figure in both.
UPDATE "invoice_payments" SET "excess_charge" = "excess" WHERE "excess" > 0 AND "currency" = "charge_currency";
