-- Recovering checkouts: reminders sent, their links, opt-outs; an order's "text me" choice and the checkout it was brought back from; the SMS fee in the ledger.
CREATE TABLE "checkout_reminders" (
	"order_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"email" boolean NOT NULL,
	"sms" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_reminders_order_id_step_pk" PRIMARY KEY("order_id","step")
);
--> statement-breakpoint
CREATE TABLE "recovery_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_check";--> statement-breakpoint
ALTER TABLE "sms_messages" DROP CONSTRAINT "sms_messages_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "text_me" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recovered_from" uuid;--> statement-breakpoint
CREATE INDEX "orders_recovered_idx" ON "orders" USING btree ("seller_id","recovered_from") WHERE "orders"."recovered_from" is not null;--> statement-breakpoint
CREATE INDEX "orders_buyer_product_idx" ON "orders" USING btree ("buyer_id","product_id","created_at");--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_check" CHECK ("ledger_transactions"."kind" in ('sale', 'refund', 'payout', 'payout-sent', 'payout-back', 'excess-kept', 'sms-fee'));--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_kind_check" CHECK ("sms_messages"."kind" in ('code', 'receipt', 'payout', 'reminder', 'invoice', 'recovery'));