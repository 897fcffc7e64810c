-- Texts Soko stores and shows later keep their message id (and params) beside the English: a payout's failure, a refund's reason.
ALTER TABLE "payouts" ADD COLUMN "failure_title_code" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_text_code" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_params" jsonb;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason_code" text;